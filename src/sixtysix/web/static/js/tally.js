// The match score as a Bummerl tally, the way it is kept on paper.
//
// "strokes" (66): one stroke per game point up to the target, every fifth stroke drawn
// across the four before it, the points still missing shown as dots.
// "countdown" (Schnapsen): the target, then each score after a won deal, the earlier
// values struck out, down to 0.
// Pure string functions (SVG and text), tested in node.

const escape = (s) =>
  String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "countdown" for the Schnapsen preset, "strokes" otherwise (unless chosen). */
export function tallyStyle(preset, chosen = "auto") {
  if (chosen === "strokes" || chosen === "countdown") return chosen;
  return preset === "schnapsen" ? "countdown" : "strokes";
}

/** The values of a countdown: [7, 5, 4, ...] for won deals of 2, 1, ... points. */
export function countdownValues(won, target) {
  const values = [target];
  for (const points of won) values.push(Math.max(0, values[values.length - 1] - points));
  return values;
}

/** A one-line text form: "||||/ ||···  7/7" or "7̶ 5̶ 4". */
export function tallyText(won, target, style = "strokes") {
  const total = won.reduce((a, b) => a + b, 0);
  if (style === "countdown") {
    const values = countdownValues(won, target);
    return values.map((v, i) => (i < values.length - 1 ? `${v}\u0336` : String(v))).join(" ");
  }
  const strokes = Math.min(total, target);
  let text = "";
  for (let i = 0; i < strokes; i += 1) {
    if (i && i % 5 === 0) text += " ";
    text += i % 5 === 4 ? "/" : "|";
  }
  const rest = Math.max(0, target - strokes);
  if (rest) text += (strokes ? " " : "") + "·".repeat(rest);
  return `${text}  ${total}/${target}`;
}

/**
 * The tally as an SVG (height 24 units, width grows with the target).
 * ``won``: the game points this seat won, deal by deal; ``label`` for screen readers.
 */
export function tallySVG(won, target, style = "strokes", label = "") {
  const total = won.reduce((a, b) => a + b, 0);
  const aria = label ? ` role="img" aria-label="${escape(label)}"` : ' aria-hidden="true"';
  if (style === "countdown") {
    const values = countdownValues(won, target);
    let x = 2;
    let body = "";
    values.forEach((value, i) => {
      const last = i === values.length - 1;
      const w = String(value).length * 11 + 4;
      const cls = last ? (value === 0 ? "tally-done" : "tally-now") : "tally-old";
      body += `<text x="${x + w / 2}" y="18" text-anchor="middle" class="${cls}">${value}</text>`;
      if (!last) body += `<line x1="${x}" y1="16" x2="${x + w}" y2="7" class="tally-strike"/>`;
      x += w + 8;
    });
    return `<svg xmlns="http://www.w3.org/2000/svg" class="tally" viewBox="0 0 ${x} 24" width="${x}" height="24"${aria}>${body}</svg>`;
  }
  const strokes = Math.min(total, target);
  let x = 3;
  let body = "";
  for (let i = 0; i < Math.max(target, strokes); i += 1) {
    const inGroup = i % 5;
    if (i && inGroup === 0) x += 7;
    if (i < strokes) {
      if (inGroup === 4) {
        const start = x - 4 * 6 - 2;
        body += `<line x1="${start}" y1="18" x2="${x - 2}" y2="5" class="tally-stroke"/>`;
        x += 2;
      } else {
        body += `<line x1="${x}" y1="4" x2="${x}" y2="20" class="tally-stroke"/>`;
        x += 6;
      }
    } else {
      body += `<circle cx="${x}" cy="12" r="1.6" class="tally-dot"/>`;
      x += 6;
    }
  }
  if (total > target) {
    body += `<text x="${x + 4}" y="17" class="tally-extra">+${total - target}</text>`;
    x += 26;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" class="tally" viewBox="0 0 ${x + 2} 24" width="${x + 2}" height="24"${aria}>${body}</svg>`;
}
