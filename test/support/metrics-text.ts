/**
 * One sample of a Prometheus text scrape (`/metrics`): the value of `name{labels}` (labels as
 * printed), or undefined when the scrape has no such line.
 */
export function metricSample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}
