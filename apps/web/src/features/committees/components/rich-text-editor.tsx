import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { isAllowedMailHref } from '@portal/shared';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useEffect, useId, useImperativeHandle } from 'react';
import type { PlaceholderInfo } from './mail-labels.ts';
import { RichTextToolbar } from './rich-text-toolbar.tsx';

/** The editor's parts, made once (useEditor compares its options on every render). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => isAllowedMailHref(url),
      HTMLAttributes: { target: null, rel: 'noopener noreferrer' },
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

export interface RichTextEditorProps {
  /** The visible label, also the editable area's accessible name. */
  label: string;
  /** The body as HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** The placeholders the "Insert placeholder" menu offers. */
  placeholders: readonly PlaceholderInfo[];
  /** Stores an image and answers its address; without it the toolbar has no image button (only admin may upload). */
  uploadImage?: (file: File) => Promise<string>;
  /** What react-hook-form focuses on an error. */
  focusRef?: Ref<{ focus: () => void }>;
}

/**
 * A rich-text field for an e-mail's body (TipTap 3 with the starter kit and images): bold, italic, two heading levels,
 * lists, links, images, undo and redo, and placeholders inserted at the cursor. Its value is HTML; the server
 * sanitises it and has the last word on what an e-mail may hold. Big (ProseMirror): MessageFields loads it lazily.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  required,
  error,
  helperText,
  placeholders,
  uploadImage,
  focusRef,
}: RichTextEditorProps) {
  const labelId = useId();
  const helperId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
    onBlur: () => onBlur?.(),
    // Read again on every render, so the attributes follow the field's state (an error the server sets, a helper text).
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(helperText ? { 'aria-describedby': helperId } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        'aria-invalid': error ? 'true' : 'false',
      },
    },
  });

  // A value set from outside (a template chosen, the form reset) replaces the text; the editor's own changes come back equal.
  // An editor useEditor has destroyed (the page left, or replaced it) has no schema to read: getHTML would throw and
  // take the page down with it.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(focusRef, () => ({ focus: () => editor.commands.focus() }), [editor]);

  return (
    <Box sx={{ my: 2 }}>
      <FormLabel id={labelId} required={required} error={error} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        <RichTextToolbar editor={editor} label={label} placeholders={placeholders} uploadImage={uploadImage} />
        <Box
          sx={{
            px: 2,
            '& .ProseMirror': { minHeight: 220, maxHeight: 520, overflowY: 'auto', outline: 'none', py: 1.5 },
            '& .ProseMirror p': { my: 1 },
            '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
            '& .ProseMirror img.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            '& .ProseMirror a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText ? (
        <FormHelperText id={helperId} error={error}>
          {helperText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
