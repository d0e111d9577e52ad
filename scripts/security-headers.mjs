/**
 * The security headers the static server sends with every response, what the README's deployment table asks a
 * CDN to add. A folder with a `config.json` is the shell: its Content-Security-Policy is built from that file and
 * the `remotes.json` it names, read again whenever they change (both are edited after deploying). Any other
 * folder is a remote: it serves scripts, styles and its manifest to the shell's origin and no page of its own
 * beyond a notice.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Facebook's image CDNs: page pictures and photos Facebook hands out. */
export const FACEBOOK_IMAGE_ORIGINS = ['https://*.fbcdn.net', 'https://*.fbsbx.com'];

/** Sent by both kinds of folder. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** A remote's own page only shows a notice; its files are loaded by the shell's origin (CORS). */
const REMOTE_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const REMOTE_HEADERS = {
  ...COMMON_HEADERS,
  'Content-Security-Policy': REMOTE_CSP,
  // Its scripts and styles are meant to be embedded by another origin.
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** The origin of an absolute http(s) URL; undefined for a path (served by the shell's own origin) or garbage. */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const unique = (values) => [...new Set(values.filter((value) => value !== undefined))];

/**
 * The shell's policy for its `config.json` and `remotes.json` contents (either may be missing or malformed: the
 * app then cannot start anyway, and the policy falls back to the shell's own origin).
 * - scripts: the shell's origin and each remote's (remote entries and their chunks; no inline script, no eval);
 * - styles: also inline, because antd's CSS-in-JS inserts `<style>` elements at run time (a nonce would need a
 *   server that rewrites every page, which a static host or CDN does not do);
 * - images: data: and blob: URLs (theme backgrounds, image previews), the API (uploaded post images and the
 *   built-in Meta sandbox), the remotes' assets, Facebook's image CDNs;
 * - connections: the API, the remotes' manifests, and `remotesUrl` when it is on another origin.
 */
export function shellContentSecurityPolicy(config, remotesFile) {
  const api = originOf(config?.apiBaseUrl);
  const remotesUrlOrigin = originOf(config?.remotesUrl);
  const remotes = unique((Array.isArray(remotesFile?.remotes) ? remotesFile.remotes : []).map((remote) => originOf(remote?.entry)));
  const list = (...sources) => unique(sources.flat()).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", remotes)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', api, remotes, FACEBOOK_IMAGE_ORIGINS)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", api, remotesUrlOrigin, remotes)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const mtimeOf = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/**
 * The headers for every response from `root`: a function, since the shell's policy follows its `config.json`
 * and `remotes.json` (each re-read only when it changed).
 */
export function securityHeadersFor(root) {
  const configFile = join(root, 'config.json');
  if (mtimeOf(configFile) < 0) return () => REMOTE_HEADERS;
  let config = { mtime: NaN, value: undefined, remotesFile: '' };
  let cached = { key: '', headers: COMMON_HEADERS };
  return () => {
    const configMtime = mtimeOf(configFile);
    if (configMtime !== config.mtime) {
      const value = readJson(configFile);
      // remotes.json as the shell fetches it: `remotesUrl` when that is a path on this origin.
      const path = typeof value?.remotesUrl === 'string' && value.remotesUrl.startsWith('/') ? value.remotesUrl.split('?')[0] : '/remotes.json';
      const remotesFile = join(root, path);
      config = { mtime: configMtime, value, remotesFile: remotesFile.startsWith(root + sep) ? remotesFile : '' };
    }
    const key = `${configMtime}:${config.remotesFile}:${config.remotesFile ? mtimeOf(config.remotesFile) : -1}`;
    if (cached.key !== key) {
      const csp = shellContentSecurityPolicy(config.value, config.remotesFile ? readJson(config.remotesFile) : undefined);
      cached = { key, headers: { ...COMMON_HEADERS, 'Content-Security-Policy': csp } };
    }
    return cached.headers;
  };
}
