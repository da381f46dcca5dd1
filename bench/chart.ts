/** A line chart as a standalone SVG: one line per series over the same x values, targets as red marks. */
export function growthChart(chart: { title: string; xLabel: string; yLabel: string; xs: number[]; series: { name: string; ys: number[] }[]; targets: { x: number; y: number }[] }): string {
  const [width, height, left, right, top, bottom] = [560, 320, 60, 130, 40, 50];
  const yMax = niceCeiling(Math.max(...chart.series.flatMap((s) => s.ys), ...chart.targets.map((t) => t.y)));
  const xAt = (i: number) => left + (chart.xs.length === 1 ? 0 : (i * (width - left - right)) / (chart.xs.length - 1));
  const yAt = (y: number) => height - bottom - (y / yMax) * (height - top - bottom);
  const colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd"];
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2 - 60}" y="20" font-size="14">${xmlText(chart.title)}</text>`,
    ...ticks.map((t) => `<line x1="${left}" x2="${width - right}" y1="${yAt(t)}" y2="${yAt(t)}" stroke="#ddd"/><text x="${left - 8}" y="${yAt(t) + 4}" text-anchor="end">${round(t)}</text>`),
    ...chart.xs.map((x, i) => `<text x="${xAt(i)}" y="${height - bottom + 18}" text-anchor="middle">${x.toLocaleString("en")}</text>`),
    `<text x="${(left + width - right) / 2}" y="${height - 12}" text-anchor="middle">${xmlText(chart.xLabel)}</text>`,
    `<text x="16" y="${(top + height - bottom) / 2}" transform="rotate(-90 16 ${(top + height - bottom) / 2})" text-anchor="middle">${xmlText(chart.yLabel)}</text>`,
    ...chart.targets.map((t) => `<line x1="${xAt(chart.xs.indexOf(t.x)) - 12}" x2="${xAt(chart.xs.indexOf(t.x)) + 12}" y1="${yAt(t.y)}" y2="${yAt(t.y)}" stroke="red" stroke-width="2"/>`),
    ...chart.series.map((s, n) => {
      const colour = colours[n % colours.length];
      const points = s.ys.map((y, i) => `${xAt(i)},${yAt(y)}`).join(" ");
      const dots = s.ys.map((y, i) => `<circle cx="${xAt(i)}" cy="${yAt(y)}" r="3" fill="${colour}"/>`).join("");
      return `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>${dots}<text x="${width - right + 10}" y="${top + 20 + n * 18}" fill="${colour}">${xmlText(s.name)}</text>`;
    }),
    chart.targets.length ? `<text x="${width - right + 10}" y="${top + 20 + chart.series.length * 18}" fill="red">target</text>` : "",
    "</svg>",
  ];
  return `${parts.join("\n")}\n`;
}

function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  return [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= value) ?? 10 * power;
}

const round = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
