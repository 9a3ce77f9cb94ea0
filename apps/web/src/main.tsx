// The portal's entry (index.html): the app starts at once.
import './app/start.tsx';
