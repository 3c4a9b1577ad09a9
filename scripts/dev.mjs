// `npm run dev`: Vite on :5173 with hot reload, the API on :8787 restarting on change; Vite proxies /api to it.
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT ?? '8787';
const { result } = concurrently(
  [
    { command: 'vite', name: 'web', prefixColor: 'cyan', env: { API_PORT: apiPort } },
    { command: 'tsx watch server/index.ts', name: 'api', prefixColor: 'magenta', env: { PORT: apiPort, NODE_ENV: 'development' } },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
