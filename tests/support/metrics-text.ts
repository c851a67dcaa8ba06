/** The samples of a scrape, keyed `name{label="value",…}` with labels sorted; comments left out. */
export function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) continue;
    const labels = (match[2] ?? "").match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    found.set(`${match[1]}{${labels.sort().join(",")}}`, Number(match[3]));
  }
  return found;
}

/** One sample's value (0 when absent), its labels given in any order. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const key = `${name}{${Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(",")}}`;
  return samples(text).get(key) ?? 0;
}
