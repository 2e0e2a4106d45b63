/** The ceiling: a bare express route answering one recipe's JSON from memory. */
import express from 'express';

const body = process.env['BARE_BODY'] ?? '{}';
const recipe = JSON.parse(body) as unknown;
const app = express();
app.get('/recipe', (_req, res) => {
  res.json(recipe);
});
const server = app.listen(Number(process.env['BARE_PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
