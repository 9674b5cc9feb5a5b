import { startReadsEarly } from './start-reads.ts';

// The entry of popup-reads.js (scripts/classic-scripts.ts), a classic script the popup's
// page loads with `async`, so it runs as soon as it arrives, before the page's modules.
startReadsEarly();
