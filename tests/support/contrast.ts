/**
 * WCAG 2.x contrast ratio of two sRGB colours, each given as `#rrggbb` (the tokens in app.css) or
 * as a computed CSS colour `rgb(r, g, b)` / `rgba(…)` (what a browser reports).
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function channels(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const values = hex
    ? hex.slice(1).map((h) => parseInt(h, 16))
    : (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  if (values.length !== 3 || values.some((v) => !Number.isFinite(v))) throw new Error(`Not an sRGB colour: ${color}`);
  return values as [number, number, number];
}

function relativeLuminance(color: string): number {
  const [r, g, b] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
