// The evaluation of a deal, decision by decision, drawn as an SVG chart.
//
// Each point is the value (expected game points, -3..+3) of the position after a
// decision, seen from the reviewing player: above the middle line the deal is going his
// way. Mistakes are marked with their symbol (?! ? ??) and a colour; the player's own
// decisions are filled dots, the opponent's hollow. Pure string function, tested in node.

const escape = (s) =>
  String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

let chartCount = 0; // unique ids for the clip paths of several charts on one page

export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * points: [{value, own, classification, title}] in order (value from the viewer's side);
 * options: {width, height, final (the deal's result for the viewer), finalTitle, yLabel,
 * selected (index of a highlighted point)}.
 */
export function evalChartSVG(points, options = {}) {
  const width = options.width || 720;
  const height = options.height || 200;
  const left = 30;
  const right = 12;
  const top = 10;
  const bottom = 22;
  const maxV = 3;
  const all = points.map((p) => p.value);
  const hasFinal = typeof options.final === "number";
  const n = points.length + (hasFinal ? 1 : 0);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (i) => left + (n <= 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const clamp = (v) => Math.max(-maxV, Math.min(maxV, v));
  const y = (v) => top + plotH / 2 - (clamp(v) / maxV) * (plotH / 2);
  const aria = options.label ? ` role="img" aria-label="${escape(options.label)}"` : "";
  let out = `<svg xmlns="http://www.w3.org/2000/svg" class="eval-chart" viewBox="0 0 ${width} ${height}"${aria}>`;
  // grid: -3..+3
  for (let v = -maxV; v <= maxV; v += 1) {
    const cls = v === 0 ? "chart-zero" : "chart-grid";
    out += `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" class="${cls}"/>`;
    out += `<text x="${left - 5}" y="${y(v) + 4}" text-anchor="end" class="chart-tick">${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}</text>`;
  }
  if (!n) return out + "</svg>";
  const values = hasFinal ? [...all, options.final] : all;
  // the area between the curve and the middle line
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const area = `${x(0).toFixed(1)},${y(0)} ${line} ${x(values.length - 1).toFixed(1)},${y(0)}`;
  chartCount += 1;
  const up = `chart-up-${chartCount}`;
  const down = `chart-down-${chartCount}`;
  out += `<clipPath id="${up}"><rect x="0" y="0" width="${width}" height="${y(0)}"/></clipPath>`;
  out += `<clipPath id="${down}"><rect x="0" y="${y(0)}" width="${width}" height="${height - y(0)}"/></clipPath>`;
  out += `<polygon points="${area}" class="chart-area-up" clip-path="url(#${up})"/>`;
  out += `<polygon points="${area}" class="chart-area-down" clip-path="url(#${down})"/>`;
  out += `<polyline points="${line}" class="chart-line" fill="none"/>`;
  points.forEach((p, i) => {
    const mark = MARKS[p.classification] || "";
    const cls = ["chart-dot", p.own ? "own" : "theirs", p.classification || "good", i === options.selected ? "selected" : ""]
      .filter(Boolean)
      .join(" ");
    const r = mark ? 5.5 : 3.5;
    out += `<circle cx="${x(i).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="${r}" class="${cls}" data-index="${i}" tabindex="-1">`;
    out += `<title>${escape(p.title || "")}</title></circle>`;
    if (mark) {
      const above = p.value < 2;
      out += `<text x="${x(i).toFixed(1)}" y="${(y(p.value) + (above ? -9 : 17)).toFixed(1)}" text-anchor="middle" class="chart-mark ${p.classification}">${mark}</text>`;
    }
  });
  if (hasFinal) {
    const i = points.length;
    out += `<rect x="${(x(i) - 5).toFixed(1)}" y="${(y(options.final) - 5).toFixed(1)}" width="10" height="10" class="chart-final"><title>${escape(options.finalTitle || "")}</title></rect>`;
  }
  if (options.xLabel) out += `<text x="${left + plotW / 2}" y="${height - 5}" text-anchor="middle" class="chart-axis">${escape(options.xLabel)}</text>`;
  return out + "</svg>";
}

/**
 * A rating's history as an SVG line: ``points`` are [{rating, deviation, won, title}] oldest first;
 * the band around the line is the deviation (one RD each side). options: {width, height, label}.
 */
export function ratingChartSVG(points, options = {}) {
  const width = options.width || 720;
  const height = options.height || 200;
  const left = 44;
  const right = 12;
  const top = 10;
  const bottom = 12;
  const aria = options.label ? ` role="img" aria-label="${escape(options.label)}"` : "";
  let out = `<svg xmlns="http://www.w3.org/2000/svg" class="eval-chart rating-chart" viewBox="0 0 ${width} ${height}"${aria}>`;
  if (!points.length) return out + "</svg>";
  const low = Math.floor((Math.min(...points.map((p) => p.rating - p.deviation)) - 10) / 50) * 50;
  const high = Math.ceil((Math.max(...points.map((p) => p.rating + p.deviation)) + 10) / 50) * 50;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (i) => left + (points.length <= 1 ? plotW / 2 : (plotW * i) / (points.length - 1));
  const y = (v) => top + plotH - ((v - low) / (high - low)) * plotH;
  const step = Math.max(50, Math.ceil((high - low) / 4 / 50) * 50);
  for (let v = low; v <= high; v += step) {
    out += `<line x1="${left}" x2="${width - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="chart-grid"/>`;
    out += `<text x="${left - 5}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" class="chart-tick">${v}</text>`;
  }
  const upper = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.deviation).toFixed(1)}`);
  const lower = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.deviation).toFixed(1)}`).reverse();
  if (points.length === 1) {
    const [p] = points; // one match: its band is a bar
    out += `<rect x="${(x(0) - 6).toFixed(1)}" y="${y(p.rating + p.deviation).toFixed(1)}" width="12" height="${(y(p.rating - p.deviation) - y(p.rating + p.deviation)).toFixed(1)}" class="chart-area-up"/>`;
  } else out += `<polygon points="${[...upper, ...lower].join(" ")}" class="chart-area-up"/>`;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  out += `<polyline points="${line}" class="chart-line" fill="none"/>`;
  points.forEach((p, i) => {
    out += `<circle cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="3.5" class="chart-dot ${p.won ? "own" : "theirs"}">`;
    out += `<title>${escape(p.title || "")}</title></circle>`;
  });
  return out + "</svg>";
}
