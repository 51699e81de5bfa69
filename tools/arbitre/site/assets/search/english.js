// The English Snowball (Porter2) stemmer, ported line by line from the Python implementation
// Arbitre uses (whoosh.lang.snowball.english), quirks included.  Used for one thing: an unknown
// query word matched against the glossary's English names by their stems (« fizzle » finds
// « Fizzling »).  tests/browser/test_search.py compares it with the Python stemmer.

import { at, cut, regionsR1R2, vowelTest } from "./snowball.js";

const ENGLISH_VOWELS = "aeiouy";
const isEnglishVowel = vowelTest(ENGLISH_VOWELS);
const DOUBLES = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];
const LI_ENDING = "cdeghkmnrt";
const STEP0 = ["'s'", "'s", "'"];
const STEP1A = ["sses", "ied", "ies", "us", "ss", "s"];
const STEP1B = ["eedly", "ingly", "edly", "eed", "ing", "ed"];
const STEP2 = [
  "ization", "ational", "fulness", "ousness", "iveness", "tional", "biliti", "lessli", "entli",
  "ation", "alism", "aliti", "ousli", "iviti", "fulli", "enci", "anci", "abli", "izer", "ator",
  "alli", "bli", "ogi", "li",
];
const STEP3 = ["ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful"];
const ENGLISH_STEP4 = [
  "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous",
  "ive", "ize", "ion", "al", "er", "ic",
];
const SPECIAL = {
  skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl",
  gently: "gentl", ugly: "ugli", early: "earli", only: "onli", singly: "singl", sky: "sky",
  news: "news", howe: "howe", atlas: "atlas", cosmos: "cosmos", bias: "bias", andes: "andes",
  inning: "inning", innings: "inning", outing: "outing", outings: "outing", canning: "canning",
  cannings: "canning", herring: "herring", herrings: "herring", earring: "earring",
  earrings: "earring", proceed: "proceed", proceeds: "proceed", proceeded: "proceed",
  proceeding: "proceed", exceed: "exceed", exceeds: "exceed", exceeded: "exceed",
  exceeding: "exceed", succeed: "succeed", succeeds: "succeed", succeeded: "succeed",
  succeeding: "succeed",
};



export function englishStem(input) {
  let word = input.toLowerCase();
  if (Object.hasOwn(SPECIAL, word)) return SPECIAL[word];
  word = word.replace(/\u2019/g, "'").replace(/\u2018/g, "'").replace(/\u201B/g, "'");
  if (word.startsWith("'")) word = word.slice(1);
  if (word.startsWith("y")) word = "Y" + word.slice(1);
  for (let i = 1; i < word.length; i++) {
    if (isEnglishVowel(word[i - 1]) && word[i] === "y") word = word.slice(0, i) + "Y" + word.slice(i + 1);
  }
  let r1 = "";
  let r2 = "";
  if (word.startsWith("gener") || word.startsWith("commun") || word.startsWith("arsen")) {
    r1 = word.startsWith("gener") || word.startsWith("arsen") ? word.slice(5) : word.slice(6);
    for (let i = 1; i < r1.length; i++) {
      if (!isEnglishVowel(r1[i]) && isEnglishVowel(r1[i - 1])) {
        r2 = r1.slice(i + 1);
        break;
      }
    }
  } else {
    [r1, r2] = regionsR1R2(word, isEnglishVowel);
  }
  const chop = (n) => {
    word = cut(word, n);
    r1 = cut(r1, n);
    r2 = cut(r2, n);
  };
  // word[:-n] + add; r1 and r2 likewise when long enough, else "" (or `fallback` for r2)
  const swap = (n, add, fallback = "") => {
    word = cut(word, n) + add;
    r1 = r1.length >= n ? cut(r1, n) + add : "";
    r2 = r2.length >= n ? cut(r2, n) + add : fallback;
  };

  for (const suffix of STEP0) {
    if (word.endsWith(suffix)) {
      chop(suffix.length);
      break;
    }
  }
  for (const suffix of STEP1A) {
    if (!word.endsWith(suffix)) continue;
    if (suffix === "sses") chop(2);
    else if (suffix === "ied" || suffix === "ies") chop(cut(word, suffix.length).length > 1 ? 2 : 1);
    else if (suffix === "s") {
      if ([...word.slice(0, -2)].some(isEnglishVowel)) chop(1);
    }
    break;
  }
  for (const suffix of STEP1B) {
    if (!word.endsWith(suffix)) continue;
    if (suffix === "eed" || suffix === "eedly") {
      if (r1.endsWith(suffix)) swap(suffix.length, "ee");
    } else if ([...cut(word, suffix.length)].some(isEnglishVowel)) {
      chop(suffix.length);
      if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) {
        word += "e";
        r1 += "e";
        if (word.length > 5 || r1.length >= 3) r2 += "e";
      } else if (DOUBLES.some((d) => word.endsWith(d))) {
        chop(1);
      } else if (
        (r1 === "" &&
          word.length >= 3 &&
          !isEnglishVowel(at(word, -1)) &&
          !"wxY".includes(at(word, -1)) &&
          isEnglishVowel(at(word, -2)) &&
          !isEnglishVowel(at(word, -3))) ||
        (r1 === "" && word.length === 2 && isEnglishVowel(word[0]) && !isEnglishVowel(word[1]))
      ) {
        word += "e";
        if (r1.length > 0) r1 += "e";
        if (r2.length > 0) r2 += "e";
      }
    }
    break;
  }
  if (word.length > 2 && "yY".includes(at(word, -1)) && !isEnglishVowel(at(word, -2))) {
    word = cut(word, 1) + "i";
    r1 = r1.length >= 1 ? cut(r1, 1) + "i" : "";
    r2 = r2.length >= 1 ? cut(r2, 1) + "i" : "";
  }
  for (const suffix of STEP2) {
    if (!word.endsWith(suffix)) continue;
    if (r1.endsWith(suffix)) {
      const n = suffix.length;
      if (suffix === "tional") chop(2);
      else if (["enci", "anci", "abli"].includes(suffix)) swap(1, "e");
      else if (suffix === "entli") chop(2);
      else if (suffix === "izer" || suffix === "ization") swap(n, "ize");
      else if (["ational", "ation", "ator"].includes(suffix)) swap(n, "ate", "e");
      else if (["alism", "aliti", "alli"].includes(suffix)) swap(n, "al");
      else if (suffix === "fulness") chop(4);
      else if (suffix === "ousli" || suffix === "ousness") swap(n, "ous");
      else if (suffix === "iveness" || suffix === "iviti") swap(n, "ive", "e");
      else if (suffix === "biliti" || suffix === "bli") swap(n, "ble");
      else if (suffix === "ogi" && at(word, -4) === "l") chop(1);
      else if (suffix === "fulli" || suffix === "lessli") chop(2);
      else if (suffix === "li" && at(word, -3) !== undefined && LI_ENDING.includes(at(word, -3))) chop(2);
    }
    break;
  }
  for (const suffix of STEP3) {
    if (!word.endsWith(suffix)) continue;
    if (r1.endsWith(suffix)) {
      const n = suffix.length;
      if (suffix === "tional") chop(2);
      else if (suffix === "ational") swap(n, "ate");
      else if (suffix === "alize") chop(3);
      else if (["icate", "iciti", "ical"].includes(suffix)) swap(n, "ic");
      else if (suffix === "ful" || suffix === "ness") chop(n);
      else if (suffix === "ative" && r2.endsWith(suffix)) chop(5);
    }
    break;
  }
  for (const suffix of ENGLISH_STEP4) {
    if (!word.endsWith(suffix)) continue;
    if (r2.endsWith(suffix)) {
      if (suffix === "ion") {
        if (at(word, -4) !== undefined && "st".includes(at(word, -4))) chop(3);
      } else {
        chop(suffix.length);
      }
    }
    break;
  }
  if (r2.endsWith("l") && at(word, -2) === "l") {
    word = cut(word, 1);
  } else if (r2.endsWith("e")) {
    word = cut(word, 1);
  } else if (r1.endsWith("e")) {
    if (
      word.length >= 4 &&
      (isEnglishVowel(at(word, -2)) || "wxY".includes(at(word, -2)) || !isEnglishVowel(at(word, -3)) || isEnglishVowel(at(word, -4)))
    ) {
      word = cut(word, 1);
    }
  }
  return word.replace(/Y/g, "y");
}
