import {
  createAesGcmCodec,
  PAYLOAD_CODEC_HEADER,
  PAYLOAD_CODEC_NAME,
  type PayloadCodec,
} from '@backlay/contract/payload-codec';

export interface OutgoingRequest {
  /** The JSON body text, if any. */
  body: string | undefined;
  /** The query string without `?`, possibly empty. */
  search: string;
  headers: Record<string, string>;
}

/** The request/response transform of spec §7 around one codec. */
export interface PayloadTransport {
  /**
   * Mode 0: seals the body as `{"payload": …}` and the query string as `payload=…`, and
   * marks the request with the codec header. If sealing fails the request goes as it
   * was, untransformed and unmarked.
   */
  encodeRequest(request: OutgoingRequest): Promise<OutgoingRequest>;
  /**
   * Mode 1: a response marked with the codec header carries `{"payload": …}`, whose
   * opened text is the envelope's JSON. When opening fails the failure is logged and the
   * raw text is used as it is.
   */
  decodeResponseText(text: string): Promise<string>;
}

/** The transform around a codec. */
export function createPayloadTransport(codec: PayloadCodec): PayloadTransport {
  return {
    async encodeRequest(request) {
      try {
        const body =
          request.body === undefined
            ? undefined
            : JSON.stringify({ payload: await codec.encode(request.body) });
        const search =
          request.search === ''
            ? ''
            : new URLSearchParams({ payload: await codec.encode(request.search) }).toString();
        return {
          body,
          search,
          headers: { ...request.headers, [PAYLOAD_CODEC_HEADER]: PAYLOAD_CODEC_NAME },
        };
      } catch (error) {
        console.error('The request could not be transformed; it is sent untransformed.', error);
        return request;
      }
    },
    async decodeResponseText(text) {
      try {
        const { payload } = JSON.parse(text) as { payload?: unknown };
        if (typeof payload !== 'string') throw new Error('the response carries no payload');
        return await codec.decode(payload);
      } catch (error) {
        console.error('The response could not be transformed back; its raw body is used.', error);
        return text;
      }
    },
  };
}

/** The transform of the AES-GCM codec with the page's key. */
export async function createConfiguredTransport(keyBase64: string): Promise<PayloadTransport> {
  return createPayloadTransport(await createAesGcmCodec(keyBase64));
}
