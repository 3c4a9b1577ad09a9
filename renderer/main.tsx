import { createRoot } from 'react-dom/client';
import './i18n';

createRoot(document.getElementById('root')!).render(null);
