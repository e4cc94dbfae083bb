import TextField from '@mui/material/TextField';
import { contactsKeywordsMaxLength } from '@outpilot/contracts';
import { useState } from 'react';

/** Keyword search, sent on Enter or when the field loses focus (§2.3). */
export function KeywordSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text.trim() !== value) onSearch(text.trim());
  };
  return (
    <TextField
      size="small"
      type="search"
      placeholder="Search contacts"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { 'aria-label': 'Search contacts', maxLength: contactsKeywordsMaxLength } }}
      sx={{ minWidth: 240 }}
    />
  );
}
