import serverPackage from '../package.json' with { type: 'json' };

/** The server's release, as `/health` and the OpenAPI document report it. */
export const SERVER_VERSION: string = serverPackage.version;
