import { createRoot } from 'react-dom/client';

function StandaloneNotice() {
  return (
    <main style={{ fontFamily: 'system-ui', padding: 24 }}>
      <h1>mf_balance</h1>
      <p>This is a PageMate remote. It is meant to be loaded by the shell through its mf-manifest.json.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<StandaloneNotice />);
