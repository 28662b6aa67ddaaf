/**
 * Where the offline copy lives (docs/offline.md). Its own tiny module: the session removes it
 * with the tokens on every log-out without pulling the offline store into the first download.
 */
export const OFFLINE_STORAGE_KEY = "estaciona.offline.v1";
