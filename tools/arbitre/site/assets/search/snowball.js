// What the French and English Snowball stemmers (stemmer.js, english.js) share, written as the
// Python implementations they port (whoosh.lang.snowball).

// Python's s[i] for a possibly negative index, and s[:-n] (n > 0).
export const at = (s, i) => (i < 0 ? s[s.length + i] : s[i]);
export const cut = (s, n) => s.slice(0, Math.max(0, s.length - n));

// A language's vowel test: one character, never undefined or "".
export const vowelTest = (vowels) => (ch) => ch !== undefined && ch !== "" && vowels.includes(ch);

// R1: after the first non-vowel following a vowel; R2: the same rule applied within R1.
export function regionsR1R2(word, isVowel) {
  let r1 = "";
  let r2 = "";
  for (let i = 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) {
      r1 = word.slice(i + 1);
      break;
    }
  }
  for (let i = 1; i < r1.length; i++) {
    if (!isVowel(r1[i]) && isVowel(r1[i - 1])) {
      r2 = r1.slice(i + 1);
      break;
    }
  }
  return [r1, r2];
}
