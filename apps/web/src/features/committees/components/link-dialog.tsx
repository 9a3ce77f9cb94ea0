import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isAllowedMailHref } from '@portal/shared';
import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets, changes or removes the link at the editor's selection; a link set with nothing selected inserts its address. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const present = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(present);
  const [invalid, setInvalid] = useState(false);
  const word = (key: string) => t(`committees:mailEditor.linkDialog.${key}`);

  const apply = () => {
    const value = href.trim();
    if (!value) return remove();
    if (!isAllowedMailHref(value)) return setInvalid(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    } else {
      chain.setLink({ href: value }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog's form sits inside the page's form in React's tree: its submit must not reach the page's.
          event.stopPropagation();
          apply();
        }}
      >
        <DialogTitle id={titleId}>{word('title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={word('url')}
            value={href}
            onChange={(event) => {
              setHref(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? word('invalid') : word('urlHint')}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          {present ? (
            <Button color="error" onClick={remove}>
              {word('remove')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained">
            {word('apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
