import { parse as parseDomain } from 'tldts';

/** Invisible characters a model (or an attacker) can slip between the letters of a link or a number. */
export const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;
/** Dots a browser reads as a dot in a host name: ideographic and half-width full stops (NFKC leaves them). */
const OTHER_DOTS = /[\u3002\uFF61]/gu;

/** Text as a detector reads it: compatibility forms folded (full-width dots, letters, digits), every dot a dot, invisible characters gone. */
export function scannable(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(OTHER_DOTS, '.');
}

/** What a link runs on to: anything up to a space, a quote or an angle bracket. */
const REST = '[^\\s<>"\'`]';
const LABEL = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_-]{0,61}[\p{L}\p{N}])?`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;

/** Any scheme (https, hxxp, zalo, intent…), with its "//". */
const SCHEME_URL = new RegExp(String.raw`(?<![\p{L}\p{N}])[a-z][a-z0-9+.-]{0,15}:\/\/${REST}+`, 'giu');
const WWW = new RegExp(String.raw`(?<![\p{L}\p{N}])www\d?\.${REST}+`, 'giu');
const EMAIL = new RegExp(String.raw`(?:mailto:)?[\p{L}\p{N}._%+-]+@${LABEL}(?:\.${LABEL})+`, 'giu');
/** A dotted-quad IPv4 address, with a port or a path if any; not a price ("100.100.100.100đ"). */
const IPV4 = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])${OCTET}(?:\.${OCTET}){3}(?![\p{L}\p{N}]|\.\d|\s?(?:đồng|dong|vnđ|vnd|usd|tr|triệu|nghìn|ngàn)\b)(?:[:/?#]${REST}*)?`,
  'giu',
);
/** label.label…tld, then a port, path, query or fragment if any; whether the last label is a suffix is checked after. */
const BARE_DOMAIN = new RegExp(String.raw`(?<![\p{L}\p{N}_-])((?:${LABEL}\.)+)(\p{L}[\p{L}\p{N}-]*)(?![\p{L}\p{N}_-])(?:[:/?#]${REST}*)?`, 'giu');

/** "lua-dao[.]vn", "lua-dao (dot) vn", "lua-dao{chấm}vn": a bracketed dot is a dot whatever surrounds it. */
const BRACKETED_DOT = /\s*[[({]\s*(?:\.|dot|chấm)\s*[\])}]\s*/giu;
/**
 * "lua-dao . vn", "lua-dao .vn", "lua-dao dot vn", "lua-dao chấm vn": a dot when a real domain comes of it. Not
 * "a.m. to 9 p.m.": a dot then a space ends a sentence or an abbreviation.
 */
const SPACED_DOT = new RegExp(String.raw`(?<![\p{L}\p{N}_-])([a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)(?:\s+(?:dot|chấm)\s+|\s+\.\s*)(?=(\p{L}[\p{L}\p{N}-]*)(?![\p{L}\p{N}_-]))`, 'giu');

const TRAILING = /[.,;:!?…)\]}'"»”’]+$/u;

/**
 * Is `host` a name on the public internet: a registrable domain under a real public suffix (tldts' copy of the
 * Public Suffix List)? The suffix must be written in one case: "150k.Shop" and "TP.HCM" are text, "SHOP.VN" a domain.
 */
export function isDomainName(host: string): boolean {
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) return false;
  const parsed = parseDomain(host.toLowerCase());
  return parsed.isIcann === true && parsed.domain !== null && !parsed.isIp;
}

/** `text` with its disguised dots written as dots. */
function undisguised(text: string): string {
  return scannable(text)
    .replace(BRACKETED_DOT, '.')
    .replace(SPACED_DOT, (match: string, label: string, tld: string) => (tld === tld.toLowerCase() && isDomainName(`${label}.${tld}`) ? `${label}.` : match));
}

/**
 * Links in `text`, each once, in order of appearance, trailing punctuation dropped: URLs of any scheme, www.*,
 * e-mail addresses, IPv4 addresses, and any host name under a public suffix (shopxinh.vn, khuyenmai.sbs, bit.ly/abc,
 * t.me/…), also when its dots are disguised. Prices, decimals, versions, "TP.HCM", "v.v." and file names are not links.
 */
export function findLinks(text: string): string[] {
  let rest = undisguised(text);
  const found: { at: number; link: string }[] = [];
  for (const pattern of [SCHEME_URL, WWW, EMAIL, IPV4, BARE_DOMAIN]) {
    rest = rest.replace(pattern, (match: string, ...args: unknown[]) => {
      const at = args.find((arg) => typeof arg === 'number') as number;
      if (pattern === BARE_DOMAIN) {
        const [labels, tld] = args as [string, string];
        if (!isDomainName(`${labels}${tld}`)) return match;
      }
      const link = match.replace(TRAILING, '');
      if (link.length > 0) found.push({ at, link });
      return ' '.repeat(match.length);
    });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((entry) => entry.link))];
}

/** A link as compared: an e-mail address, or a host (lower case, punycode, no "www.") and its path with query. */
type LinkKey = { email: string } | { host: string; path: string };

function keyOf(link: string): LinkKey | null {
  const email = /^(?:mailto:)?([^@/\s]+@[^@/\s]+)$/iu.exec(link);
  if (email?.[1]) return { email: email[1].toLowerCase() };
  const withoutScheme = link.replace(/^[a-z][a-z0-9+.-]*:\/\//iu, '');
  let url: URL;
  try {
    url = new URL(`http://${withoutScheme}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.$/u, '').replace(/^www\d?\./u, '');
  const path = `${url.pathname.replace(/\/+$/u, '')}${url.search}`;
  return { host, path };
}

/** The host a link points at (lower case, no "www."), or its e-mail address; null when it cannot be read as either. */
export function linkTarget(link: string): string | null {
  const key = keyOf(link);
  return key ? ('email' in key ? key.email : key.host) : null;
}

/**
 * Does `text` hold `link`? The same e-mail address; or a link to the same host whose path (and query) is the
 * link's, or goes on below it — a bare host matches any link to that host. Scheme, "www." and a trailing slash
 * do not count; the case of a path does. "shopxinh.vn.evil.com", "m.me/shop" for "m.me/shopxinh", a user part
 * ("shopxinh.vn@evil.com") are other links.
 */
export function linkIn(link: string, text: string): boolean {
  const wanted = keyOf(link);
  if (!wanted) return false;
  return findLinks(text).some((candidate) => {
    const known = keyOf(candidate);
    if (!known) return false;
    if ('email' in wanted || 'email' in known) return 'email' in wanted && 'email' in known && wanted.email === known.email;
    if (known.host !== wanted.host) return false;
    return wanted.path === '' || known.path === wanted.path || known.path.startsWith(`${wanted.path}/`);
  });
}
