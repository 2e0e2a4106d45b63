import type { CustomFetch } from 'openid-client';

/**
 * `fetch` for talking to the provider, reading at most `maxBytes` of any answer: discovery
 * documents, key sets, tokens and userinfo are a few kilobytes, and a provider that answers
 * without end must not fill the memory.
 */
export function boundedFetch(maxBytes: number): CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    const body = await readAtMost(response, maxBytes);
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  // These statuses carry no body, and `new Response` refuses one for them.
  if (response.body === null || [101, 204, 205, 304].includes(response.status)) {
    await response.body?.cancel();
    return null;
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new Error(`the answer declares ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of response.body) {
    length += chunk.byteLength;
    if (length > maxBytes) {
      // Leaving the loop early cancels the stream.
      throw new Error(`the answer is longer than the ${maxBytes} bytes allowed`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}
