import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { FACEBOOK_IMAGE_ORIGINS, shellContentSecurityPolicy } from './security-headers.mjs';

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('shellContentSecurityPolicy', () => {
  const config = { apiBaseUrl: 'https://api.shop.example/base', facebookAppId: '', remotesUrl: '/remotes.json' };
  const remotes = {
    remotes: [
      { name: 'mf_balance', entry: 'https://balance.shop.example/mf-manifest.json', audience: ['user'] },
      { name: 'mf_crm', entry: 'https://balance.shop.example/crm/mf-manifest.json', audience: ['user'] },
      { name: 'mf_landing', entry: '/landing/mf-manifest.json', audience: ['public'] },
    ],
  };

  it('lets scripts come from the shell and the remotes only (no inline script, no eval), and connect to the API', () => {
    const policy = directives(shellContentSecurityPolicy(config, remotes) as string);
    expect(policy['script-src']).toEqual(["'self'", 'https://balance.shop.example']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.shop.example', 'https://balance.shop.example']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://balance.shop.example']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://api.shop.example', 'https://balance.shop.example', ...FACEBOOK_IMAGE_ORIGINS]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('connects to remotesUrl when it is on another origin', () => {
    const policy = directives(shellContentSecurityPolicy({ ...config, remotesUrl: 'https://config.shop.example/remotes.json' }, remotes) as string);
    expect(policy['connect-src']).toContain('https://config.shop.example');
  });

  it('falls back to the own origin for a missing or malformed config.json or remotes.json', () => {
    for (const [badConfig, badRemotes] of [
      [undefined, undefined],
      [{ apiBaseUrl: 'javascript:alert(1)' }, { remotes: 'nope' }],
      [null, { remotes: [null, { entry: 42 }, { entry: 'data:text/javascript,alert(1)' }] }],
    ]) {
      const policy = directives(shellContentSecurityPolicy(badConfig, badRemotes) as string);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
    }
  });
});
