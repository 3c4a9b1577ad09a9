import type { HlsSourceCapability } from '@shared/contracts/hls';
import { PROXY_HEADERS } from '@shared/contracts/proxy';
import { proxy } from '../proxy';

/**
 * The website reaches another host only through the API's guarded proxy (`m3u8` purpose: a login
 * and a quota). A target's own 4xx/5xx comes back as an answer the core reports with its status;
 * the proxy's refusals throw its translated ProxyError, which the core keeps as the message.
 */
export const websiteHls: HlsSourceCapability = {
  route: 'proxy',
  async fetch(url, init) {
    const response = await proxy.fetch('m3u8', url, { headers: init.headers, signal: init.signal });
    return {
      ok: response.ok,
      status: response.status,
      // The proxy follows redirects and names where it ended up.
      url: response.headers.get(PROXY_HEADERS.url) ?? url,
      // bytes() says "too large" when the proxy cut the answer at its cap, instead of a bare network error.
      arrayBuffer: async () => {
        const bytes = await proxy.bytes(response);
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        return (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
      },
    };
  },
};
