import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Khmer is the default language: ship its face so devices without one still show text, not boxes.
// Only the khmer subset is loaded, and only for Khmer characters (unicode-range).
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-700.css';
import './styles/global.css';
import './i18n';
import './lib/install-prompt';
import { Providers } from './app/providers';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
