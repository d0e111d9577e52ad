/** The baseline of bench/throughput.ts: a bare Fastify hello-world (no logger, no plugins) on PORT. */
import Fastify from 'fastify';

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
