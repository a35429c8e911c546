import type { Locator, Page } from 'playwright-core';

/** How the chart drew each series (its `data-series`: label → stroke, dash in CSS px, mark). */
export type DrawnSeries = Record<string, { stroke: string; dash: number[]; shape?: string }>;

/** The series of the chart `chart` (a `.chart` element), as the plot itself holds them. */
export async function drawnSeries(chart: Locator): Promise<DrawnSeries> {
  return JSON.parse((await chart.getAttribute('data-series')) ?? '{}') as DrawnSeries;
}

/** A colour as the browser computes it («rgb(198, 40, 40)»), whatever CSS spelled it. */
export function computedColour(page: Page, colour: string): Promise<string> {
  return page.evaluate((css) => {
    const probe = document.createElement('span');
    probe.style.color = css;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, colour);
}

/**
 * The legend under the chart as a reader sees it: each row's label and value, and how its
 * swatch draws the line (stroke colour and dash pattern of the swatch's line, its mark).
 */
export function legendRows(
  chart: Locator,
): Promise<{ label: string; value: string; stroke?: string; dash?: string; shape?: string }[]> {
  return chart.locator('.u-legend .u-series').evaluateAll((rows) =>
    rows.map((row) => {
      const line = row.querySelector('.u-marker svg line');
      return {
        label: row.querySelector('.u-label')?.textContent ?? '',
        value: row.querySelector('.u-value')?.textContent ?? '',
        stroke: line?.getAttribute('stroke') ?? undefined,
        dash: line?.getAttribute('stroke-dasharray') ?? undefined,
        shape: (row.querySelector('.u-marker') as HTMLElement | null)?.dataset.shape,
      };
    }),
  );
}

/**
 * Where each of `colours` (#rrggbb) is painted on the chart's canvas between the fractions
 * `from` and `to` of its width: how many pixels, and their mean row (device px from the top).
 * A pixel counts when each channel is within `tolerance` of the colour. Reads the canvas once.
 */
export function paintedColours(
  chart: Locator,
  colours: readonly string[],
  from: number,
  to: number,
  tolerance = 12,
): Promise<{ colour: string; pixels: number; meanRow: number }[]> {
  return chart.locator('canvas').evaluate(
    (canvas, { colours, from, to, tolerance }) => {
      const c = canvas as HTMLCanvasElement;
      const left = Math.floor(c.width * from);
      const width = Math.max(1, Math.floor(c.width * to) - left);
      const image = c.getContext('2d')!.getImageData(left, 0, width, c.height).data;
      const wanted = colours.map((hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)));
      const found = colours.map(() => ({ pixels: 0, rows: 0 }));
      for (let p = 0; p < image.length; p += 4) {
        if (image[p + 3] < 200) continue;
        wanted.forEach((rgb, i) => {
          if (rgb.every((v, k) => Math.abs(image[p + k] - v) <= tolerance)) {
            found[i].pixels += 1;
            found[i].rows += Math.floor(p / 4 / width);
          }
        });
      }
      return colours.map((colour, i) => ({
        colour,
        pixels: found[i].pixels,
        meanRow: found[i].pixels > 0 ? found[i].rows / found[i].pixels : -1,
      }));
    },
    { colours: [...colours], from, to, tolerance },
  );
}
