// The entry of the 1:10m tile thread (fine-tiles.ts).
import { register } from 'tsx/esm/api';

// A worker thread starts without the TypeScript loader its parent runs under (tsx for the server,
// Vite's transform in tests), so it registers tsx itself before the TypeScript side.
register();
await import('./fine-tiles-thread.ts');
