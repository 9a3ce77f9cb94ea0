/**
 * The prerendered login page (scripts/build-web.mjs) is plain HTML until the app takes it over. What the person does
 * meanwhile is kept and done again on the app's page: what they typed, where the caret was, the button they pressed
 * (a press of Enter in a field submits the form). The app renders the same markup, so elements are matched by their
 * place in the tree (the inline style tags of the prerender left out).
 */
type Path = number[];

const elementsOf = (node: Element) => [...node.children].filter((child) => child.tagName !== 'STYLE');

function pathOf(root: Element, element: Element): Path {
  const path: Path = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    if (!node.parentElement) return [];
    path.unshift(elementsOf(node.parentElement).indexOf(node));
  }
  return path;
}

const elementAt = (root: Element, path: Path): Element | undefined =>
  path.reduce<Element | undefined>((node, index) => (node ? elementsOf(node)[index] : undefined), root);

/** Sets a field's value the way typing does, so the app's form state hears of it. */
function typeInto(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface Takeover {
  /** Renders the app over the page (synchronously) and does again what the person did meanwhile. */
  replay(render: () => void): void;
}

let current: Takeover | null = null;

/** Starts keeping what the person does on the prerendered page under `root`. */
export function watchPrerendered(root: HTMLElement): void {
  let pressed: Path | null = null;
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    pressed = pathOf(root, button);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    pressed = pathOf(root, (event.submitter as Element | null) ?? form.querySelector('[type="submit"]') ?? form);
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  current = {
    replay(render) {
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
      const fields = [...root.querySelectorAll('input')].map((input) => ({ path: pathOf(root, input), value: input.value }));
      const active = document.activeElement instanceof HTMLInputElement && root.contains(document.activeElement) ? document.activeElement : null;
      const caret = active ? { path: pathOf(root, active), start: active.selectionStart, end: active.selectionEnd } : null;
      render();
      for (const { path, value } of fields) {
        const field = elementAt(root, path);
        if (field instanceof HTMLInputElement && value && field.value !== value) typeInto(field, value);
      }
      if (caret) {
        const field = elementAt(root, caret.path);
        if (field instanceof HTMLInputElement) {
          field.focus();
          if (caret.start !== null) field.setSelectionRange(caret.start, caret.end);
        }
      }
      if (pressed) (elementAt(root, pressed) as HTMLElement | undefined)?.click();
    },
  };
}

/** The prerendered page's takeover, if the page was prerendered and is being watched. */
export const prerenderedTakeover = (): Takeover | null => current;
