import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { slugFromPath } from './slug.ts';
import { VotingForm } from './voting-form.tsx';
import './voting-form.css';

// The public voting form: its own small page (voting-form.html), without the portal's router, MUI or query client.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <VotingForm slug={slugFromPath(window.location.pathname)} />
  </StrictMode>,
);
