/**
 * The sample documents shipped with the app (same origin, precached for offline use): the list
 * in <base>samples/index.json, then each file.
 */
import { AppError } from '../../core/errors';

interface SampleList {
  readonly samples: readonly { readonly file: string; readonly mediaType: string }[];
}

/** Fetches the samples as Files; `base` is the app's base URL (import.meta.env.BASE_URL). */
export async function fetchSamples(base: string): Promise<File[]> {
  const response = await fetch(`${base}samples/index.json`);
  if (!response.ok) throw new AppError('internal', `Samples: could not load the list (${response.status})`);
  const { samples } = (await response.json()) as SampleList;
  return Promise.all(
    samples.map(async (entry) => {
      const r = await fetch(`${base}samples/${entry.file}`);
      if (!r.ok) throw new AppError('internal', `Samples: could not load ${entry.file} (${r.status})`);
      return new File([await r.blob()], entry.file, { type: entry.mediaType });
    }),
  );
}
