import '../api/zod.ts';
import { render } from 'preact';

function Options() {
  return (
    <main>
      <h1>Buyline options</h1>
    </main>
  );
}

const root = document.getElementById('app');
if (root) render(<Options />, root);
