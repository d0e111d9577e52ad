const serverPackage = new URL('../package.json', import.meta.url).href;

/** Node module-resolution hook: a `drizzle-orm` import that fails where it is made is retried from server/. */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/')) throw error;
    return nextResolve(specifier, { ...context, parentURL: serverPackage });
  }
}
