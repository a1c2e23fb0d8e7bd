/** Waits (up to a minute) until the BFF's picture queue is empty: no transform running or waiting, no AVIF left to make. */
export async function picturesMade(metricsUrl: string): Promise<void> {
  const endAt = Date.now() + 60_000;
  while (Date.now() < endAt) {
    const metrics = await (await fetch(metricsUrl)).text();
    const queued = [...metrics.matchAll(/^bff_image_transform_queue\{[^}]*\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    if (queued === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}
