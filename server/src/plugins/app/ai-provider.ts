import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalEngine } from '../../ai/local-engine.js';
import { createOpenAiProvider } from '../../ai/openai-provider.js';
import type { LlmProvider } from '../../ai/llm.js';

declare module 'fastify' {
  interface FastifyInstance {
    llm: LlmProvider;
  }
}

/** LLM_BASE_URL set → that OpenAI-compatible endpoint; otherwise the embedded local engine (no network). */
function llmProviderPlugin(app: FastifyInstance) {
  const { baseUrl, apiKey, model, embeddingModel, timeoutSeconds } = app.config.llm;
  const provider =
    baseUrl && model
      ? createOpenAiProvider({ baseUrl, apiKey, model, embeddingModel, timeoutMs: timeoutSeconds * 1000 })
      : createLocalEngine();
  app.log.info({ provider: provider.name, ...(provider.name === 'openai' ? { model } : {}) }, 'AI provider ready');
  app.decorate('llm', provider);
}

export default fp(llmProviderPlugin, { name: 'llm-provider', fastify: '5.x', dependencies: ['config'] });
