import OpenAI from 'openai';
import { countedUsage, type LlmProvider, LlmProviderError, type LlmRequest, type LlmStream, type LlmUsage } from './llm.js';

export interface OpenAiProviderOptions {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Local servers (Ollama, vLLM) often need none; the SDK insists on a string. */
  apiKey: string | undefined;
  model: string;
  embeddingModel?: string | undefined;
  /** Both the wait for the answer to start and the longest silence between two pieces of it. */
  timeoutMs: number;
  maxRetries?: number;
}

/** The SDK's own message for a 401 or a 500 can carry the endpoint's internals: the user sees ours, the log theirs. */
function providerError(error: unknown, timedOut: boolean): LlmProviderError {
  if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmProviderError('The AI model took too long to answer.', { cause: error });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new LlmProviderError(`The AI model refused the request (HTTP ${error.status}).`, { cause: error });
  }
  return new LlmProviderError('The AI model could not be reached.', { cause: error });
}

/**
 * Any OpenAI-compatible chat endpoint through the official SDK: streamed, with the usage the endpoint reports
 * (`stream_options.include_usage`) or, when it reports none, counted with the o200k tokenizer.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): LlmProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
  });

  function stream(request: LlmRequest): LlmStream {
    let reported: LlmUsage | undefined;
    let produced = '';

    async function* deltas(): AsyncGenerator<string> {
      // The SDK's timeout covers the wait for response headers; a stream that goes silent later is cut here.
      const idle = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const restartIdleTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          idle.abort();
        }, options.timeoutMs);
      };
      const signal = AbortSignal.any([request.signal, idle.signal]);
      try {
        restartIdleTimer();
        const chunks = await client.chat.completions.create(
          {
            model: options.model,
            stream: true,
            stream_options: { include_usage: true },
            temperature: request.temperature,
            max_tokens: request.maxOutputTokens,
            messages: [{ role: 'system', content: request.system }, ...request.messages],
          },
          { signal },
        );
        for await (const chunk of chunks) {
          restartIdleTimer();
          if (chunk.usage) reported = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
          const text = chunk.choices[0]?.delta.content;
          if (text) {
            produced += text;
            yield text;
          }
        }
        // The SDK ends a stream quietly when its signal aborts; a silence that long is a failure all the same.
        if (timedOut) throw new LlmProviderError('The AI model took too long to answer.');
      } catch (error) {
        // Stopped by the caller: not a failure, the answer simply ends here.
        if (request.signal.aborted && !timedOut) return;
        throw error instanceof LlmProviderError ? error : providerError(error, timedOut);
      } finally {
        clearTimeout(timer);
      }
    }

    return { deltas: deltas(), usage: () => reported ?? countedUsage(request, produced) };
  }

  const provider: LlmProvider = { name: 'openai', stream };
  const embeddingModel = options.embeddingModel;
  if (embeddingModel) {
    provider.embed = async (texts) => {
      try {
        // Floats asked for explicitly: without encoding_format the SDK asks for base64 and hands back Float32Arrays
        // (typed number[]), and a compatible server that ignores the option would answer floats it cannot decode.
        const response = await client.embeddings.create({ model: embeddingModel, input: texts, encoding_format: 'float' });
        const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => Array.from(item.embedding, Number));
        if (vectors.length !== texts.length) throw new Error(`${vectors.length} embeddings for ${texts.length} texts`);
        return vectors;
      } catch (error) {
        throw providerError(error, false);
      }
    };
  }
  return provider;
}
