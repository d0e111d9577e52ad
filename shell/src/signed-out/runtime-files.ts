/** A runtime file the shell reads at start (`config.json`, `remotes.json`) as a JSON object. */
export async function fetchJson(url: string): Promise<Record<string, unknown>> {
  // Never cached, like the full app's runtime files: editing them after deploy is how a team repoints it.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} is not a JSON object`);
  return body as Record<string, unknown>;
}
