import '../api/zod.ts';
import { render } from 'preact';

function Popup() {
  return (
    <main>
      <h1>Buyline</h1>
      <p>Order the product in view through your order service.</p>
    </main>
  );
}

const root = document.getElementById('app');
if (root) render(<Popup />, root);
