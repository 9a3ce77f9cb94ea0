import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { TEMPLATE_IMAGE_MAX_BYTES, TEMPLATE_IMAGE_TYPES } from '@portal/shared';
import { type Editor, useEditorState } from '@tiptap/react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { LinkDialog } from './link-dialog.tsx';
import type { PlaceholderInfo } from './mail-labels.ts';
import { editorToasts } from './mail-toasts.ts';
import { PlaceholderMenu } from './placeholder-menu.tsx';

const { notifyDone, notifyFailed } = editorToasts;

/** What the browser can tell of an image before it is sent (the server checks the content itself). */
export function imageProblem(file: File): string | undefined {
  if (!(TEMPLATE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.notImage';
  if (file.size > TEMPLATE_IMAGE_MAX_BYTES) return 'validation.imageTooLarge';
  return undefined;
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      {/* A span, so the tooltip still works on a disabled button. */}
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          color={pressed ? 'primary' : 'default'}
          // The editor keeps its selection: a toolbar click must not take the focus away first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
          sx={pressed ? { bgcolor: 'action.selected' } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The rich-text field's toolbar: formatting, link, image, undo and redo, and the placeholders. */
export function RichTextToolbar({
  editor,
  label,
  placeholders,
  uploadImage,
}: {
  editor: Editor;
  label: string;
  placeholders: readonly PlaceholderInfo[];
  uploadImage?: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation();
  const word = (key: string) => t(`committees:mailEditor.${key}`);
  const fileInput = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const addImage = async (file: File) => {
    const problem = imageProblem(file);
    if (problem) return toast.error(t('committees:mailEditor.toast.imageAdded.failed'), translateMessage(problem));
    if (!uploadImage) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      chain()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
      notifyDone('imageAdded');
    } catch (error) {
      notifyFailed('imageAdded', error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('committees:mailEditor.toolbar', { field: label })}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}
    >
      <ToolButton label={word('bold')} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton label={word('italic')} pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalic fontSize="small" />
      </ToolButton>
      <ToolButton label={word('heading')} pressed={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Title fontSize="small" />
      </ToolButton>
      <ToolButton label={word('subheading')} pressed={state.subheading} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Title sx={{ fontSize: 16 }} />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <ToolButton label={word('bulletList')} pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton label={word('orderedList')} pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <ToolButton label={word('link')} pressed={state.link} onClick={() => setLinking(true)}>
        <InsertLink fontSize="small" />
      </ToolButton>
      {uploadImage ? (
        <>
          <ToolButton label={`${word('image')} (${word('imageHint')})`} disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? <CircularProgress size={18} aria-label={word('uploading')} /> : <AddPhotoAlternateOutlined fontSize="small" />}
          </ToolButton>
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept={TEMPLATE_IMAGE_TYPES.join(',')}
            tabIndex={-1}
            aria-hidden
            sx={{ display: 'none' }}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void addImage(file);
            }}
          />
        </>
      ) : null}
      <Divider orientation="vertical" flexItem />
      <ToolButton label={word('undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton label={word('redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo fontSize="small" />
      </ToolButton>
      <Box sx={{ flexGrow: 1 }} />
      <PlaceholderMenu placeholders={placeholders} onInsert={(name) => chain().insertContent(`{{${name}}}`).run()} />
      {linking ? <LinkDialog editor={editor} onClose={() => setLinking(false)} /> : null}
    </Stack>
  );
}
