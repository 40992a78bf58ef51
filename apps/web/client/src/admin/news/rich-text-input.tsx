import { useEffect, useId } from 'react';
import { useInput, type InputProps } from 'react-admin';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Box, FormHelperText, FormLabel, IconButton, Tooltip } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import TitleIcon from '@mui/icons-material/Title';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { useTranslation } from 'react-i18next';
import { isEmptyEditorHtml } from './article-body';

/**
 * The starter kit limited to what the content service's ARTICLE allow-list keeps (article-body.ts
 * EDITOR_TAGS): headings 2 and 3 only (the page has the h1), links http(s)/mailto only.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
  }),
];

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active ?? undefined}
        color={active ? 'primary' : 'default'}
        onClick={onClick}
        sx={{ borderRadius: 1 }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('adminContent');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = () => {
    if (state.link) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt(t('news.editor.linkPrompt'));
    if (href) chain().setLink({ href }).run();
  };
  return (
    <Box
      role="toolbar"
      aria-label={t('news.editor.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, borderBottom: 1, borderColor: 'divider', p: 0.5 }}
    >
      <ToolButton label={t('news.editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.heading2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <TitleIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.heading3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <TitleIcon sx={{ fontSize: 14 }} />
      </ToolButton>
      <ToolButton label={t('news.editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.link')} active={state.link} onClick={link}>
        <LinkIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.undo')} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('news.editor.redo')} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolButton>
    </Box>
  );
}

/**
 * A react-admin input editing HTML with TipTap: the field's value is the editor's HTML, which the
 * content service keeps as written (its sanitiser allows every element the editor makes).
 */
export function RichTextInput(props: InputProps & { label: string; helperText?: string }) {
  const { t } = useTranslation('adminContent');
  const labelId = useId();
  const { field, fieldState, isRequired } = useInput({
    ...props,
    validate: props.validate,
  });
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: (field.value as string) || '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text-content',
        'data-testid': 'rich-text-editor',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      field.onChange(isEmptyEditorHtml(html) ? '' : html);
    },
    onBlur: () => field.onBlur(),
  });
  // The record arrives after the editor was made (an edit page): show it once.
  useEffect(() => {
    if (editor && field.value && editor.getHTML() !== field.value && !editor.isFocused)
      editor.commands.setContent(field.value as string, { emitUpdate: false });
  }, [editor, field.value]);

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <FormLabel id={labelId} required={isRequired} error={Boolean(error)}>
        {props.label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          mt: 0.5,
          '& .rich-text-content': { minHeight: 180, p: 1.5, outline: 'none', overflowWrap: 'anywhere' },
          '& .rich-text-content:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        {editor ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText error={Boolean(error)}>{error ? t('news.editor.required') : (props.helperText ?? t('news.editor.help'))}</FormHelperText>
    </Box>
  );
}
