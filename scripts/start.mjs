// `npm start`: build the client if needed, then run the server (API + built app) in this process.
import { register } from 'tsx/esm/api';
import { buildClientIfStale } from './client-build.mjs';

buildClientIfStale();
register();
await import('../src/server/main.ts');
