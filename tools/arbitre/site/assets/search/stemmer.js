// The French Snowball stemmer, ported line by line from the Python implementation Arbitre
// indexes with (whoosh.lang.snowball.french), quirks included: its region tests are substring
// tests (« suffix in r2 »), as there.  tests/browser/test_search.py runs it on every word of
// the corpus and compares with the Python stemmer.

import { at, cut, regionsR1R2, vowelTest } from "./snowball.js";

const VOWELS = "aeiouyâàëéêèïîôûù";
const isVowel = vowelTest(VOWELS);

const STEP1 = [
  "issements", "issement", "atrices", "atrice", "ateurs", "ations", "logies", "usions",
  "utions", "ements", "amment", "emment", "ances", "iqUes", "ismes", "ables", "istes",
  "ateur", "ation", "logie", "usion", "ution", "ences", "ement", "euses", "ments", "ance",
  "iqUe", "isme", "able", "iste", "ence", "ités", "ives", "eaux", "euse", "ment", "eux",
  "ité", "ive", "ifs", "aux", "if",
];
const STEP2A = [
  "issaIent", "issantes", "iraIent", "issante", "issants", "issions", "irions", "issais",
  "issait", "issant", "issent", "issiez", "issons", "irais", "irait", "irent", "iriez",
  "irons", "iront", "isses", "issez", "îmes", "îtes", "irai", "iras", "irez", "isse", "ies",
  "ira", "ît", "ie", "ir", "is", "it", "i",
];
const STEP2B = [
  "eraIent", "assions", "erions", "assent", "assiez", "èrent", "erais", "erait", "eriez",
  "erons", "eront", "aIent", "antes", "asses", "ions", "erai", "eras", "erez", "âmes",
  "âtes", "ante", "ants", "asse", "ées", "era", "iez", "ais", "ait", "ant", "ée", "és", "er",
  "ez", "ât", "ai", "as", "é", "a",
];
const STEP2B_DELETE = new Set([
  "eraIent", "erions", "èrent", "erais", "erait", "eriez", "erons", "eront", "erai", "eras",
  "erez", "ées", "era", "iez", "ée", "és", "er", "ez", "é",
]);
const STEP2B_A = new Set([
  "assions", "assent", "assiez", "aIent", "antes", "asses", "âmes", "âtes", "ante", "ants",
  "asse", "ais", "ait", "ant", "ât", "ai", "as", "a",
]);
const STEP4 = ["ière", "Ière", "ion", "ier", "Ier", "e", "ë"];



function regionRV(word) {
  let rv = "";
  if (word.length >= 2) {
    if (/^(par|col|tap)/.test(word) || (isVowel(word[0]) && isVowel(word[1]))) {
      rv = word.slice(3);
    } else {
      for (let i = 1; i < word.length; i++) {
        if (isVowel(word[i])) {
          rv = word.slice(i + 1);
          break;
        }
      }
    }
  }
  return rv;
}

function setAt(word, i, ch) {
  return word.slice(0, i) + ch + word.slice(i + 1);
}

export function snowball(input) {
  let word = input.toLowerCase();
  let step1 = false;
  let rvEnding = false;
  let step2a = false;
  let step2b = false;
  for (let i = 1; i < word.length; i++) {
    if (word[i - 1] === "q" && word[i] === "u") word = setAt(word, i, "U");
  }
  for (let i = 1; i < word.length - 1; i++) {
    if (isVowel(word[i - 1]) && isVowel(word[i + 1])) {
      if (word[i] === "u") word = setAt(word, i, "U");
      else if (word[i] === "i") word = setAt(word, i, "I");
    }
    if (isVowel(word[i - 1]) || isVowel(word[i + 1])) {
      if (word[i] === "y") word = setAt(word, i, "Y");
    }
  }
  const [r1, r2] = regionsR1R2(word, isVowel);
  let rv = regionRV(word);

  for (const suffix of STEP1) {
    if (!word.endsWith(suffix)) continue;
    const n = suffix.length;
    if (suffix === "eaux") {
      word = cut(word, 1);
      step1 = true;
    } else if (suffix === "euse" || suffix === "euses") {
      if (r2.includes(suffix)) {
        word = cut(word, n);
        step1 = true;
      } else if (r1.includes(suffix)) {
        word = cut(word, n) + "eux";
        step1 = true;
      }
    } else if ((suffix === "ement" || suffix === "ements") && rv.includes(suffix)) {
      word = cut(word, n);
      step1 = true;
      if (word.slice(-2) === "iv" && r2.includes("iv")) {
        word = cut(word, 2);
        if (word.slice(-2) === "at" && r2.includes("at")) word = cut(word, 2);
      } else if (word.slice(-3) === "eus") {
        if (r2.includes("eus")) word = cut(word, 3);
        else if (r1.includes("eus")) word = cut(word, 1) + "x";
      } else if (word.slice(-3) === "abl" || word.slice(-3) === "iqU") {
        if (r2.includes("abl") || r2.includes("iqU")) word = cut(word, 3);
      } else if (word.slice(-3) === "ièr" || word.slice(-3) === "Ièr") {
        if (rv.includes("ièr") || rv.includes("Ièr")) word = cut(word, 3) + "i";
      }
    } else if (suffix === "amment" && rv.includes(suffix)) {
      word = cut(word, 6) + "ant";
      rv = cut(rv, 6) + "ant";
      rvEnding = true;
    } else if (suffix === "emment" && rv.includes(suffix)) {
      word = cut(word, 6) + "ent";
      rvEnding = true;
    } else if (
      (suffix === "ment" || suffix === "ments") &&
      rv.includes(suffix) &&
      !rv.startsWith(suffix) &&
      isVowel(at(rv, rv.lastIndexOf(suffix) - 1))
    ) {
      word = cut(word, n);
      rv = cut(rv, n);
      rvEnding = true;
    } else if (suffix === "aux" && r1.includes(suffix)) {
      word = cut(word, 2) + "l";
      step1 = true;
    } else if (
      (suffix === "issement" || suffix === "issements") &&
      r1.includes(suffix) &&
      !isVowel(at(word, -n - 1))
    ) {
      word = cut(word, n);
      step1 = true;
    } else if (
      ["ance", "iqUe", "isme", "able", "iste", "eux", "ances", "iqUes", "ismes", "ables",
        "istes"].includes(suffix) &&
      r2.includes(suffix)
    ) {
      word = cut(word, n);
      step1 = true;
    } else if (
      ["atrice", "ateur", "ation", "atrices", "ateurs", "ations"].includes(suffix) &&
      r2.includes(suffix)
    ) {
      word = cut(word, n);
      step1 = true;
      if (word.slice(-2) === "ic") {
        word = r2.includes("ic") ? cut(word, 2) : cut(word, 2) + "iqU";
      }
    } else if ((suffix === "logie" || suffix === "logies") && r2.includes(suffix)) {
      word = cut(word, n) + "log";
      step1 = true;
    } else if (["usion", "ution", "usions", "utions"].includes(suffix) && r2.includes(suffix)) {
      word = cut(word, n) + "u";
      step1 = true;
    } else if ((suffix === "ence" || suffix === "ences") && r2.includes(suffix)) {
      word = cut(word, n) + "ent";
      step1 = true;
    } else if ((suffix === "ité" || suffix === "ités") && r2.includes(suffix)) {
      word = cut(word, n);
      step1 = true;
      if (word.slice(-4) === "abil") {
        word = r2.includes("abil") ? cut(word, 4) : cut(word, 2) + "l";
      } else if (word.slice(-2) === "ic") {
        word = r2.includes("ic") ? cut(word, 2) : cut(word, 2) + "iqU";
      } else if (word.slice(-2) === "iv") {
        if (r2.includes("iv")) word = cut(word, 2);
      }
    } else if (["if", "ive", "ifs", "ives"].includes(suffix) && r2.includes(suffix)) {
      word = cut(word, n);
      step1 = true;
      if (word.slice(-2) === "at" && r2.includes("at")) {
        word = cut(word, 2);
        if (word.slice(-2) === "ic") {
          word = r2.includes("ic") ? cut(word, 2) : cut(word, 2) + "iqU";
        }
      }
    }
    break;
  }

  if (!step1 || rvEnding) {
    for (const suffix of STEP2A) {
      if (!word.endsWith(suffix)) continue;
      if (
        rv.includes(suffix) &&
        rv.length > suffix.length &&
        !isVowel(at(rv, rv.lastIndexOf(suffix) - 1))
      ) {
        word = cut(word, suffix.length);
        step2a = true;
      }
      break;
    }
    if (!step2a) {
      for (const suffix of STEP2B) {
        if (!rv.endsWith(suffix)) continue;
        if (suffix === "ions" && r2.includes("ions")) {
          word = cut(word, 4);
          step2b = true;
        } else if (STEP2B_DELETE.has(suffix)) {
          word = cut(word, suffix.length);
          step2b = true;
        } else if (STEP2B_A.has(suffix)) {
          word = cut(word, suffix.length);
          rv = cut(rv, suffix.length);
          step2b = true;
          if (rv.endsWith("e")) word = cut(word, 1);
        }
        break;
      }
    }
  }

  if (step1 || step2a || step2b) {
    if (word.slice(-1) === "Y") word = cut(word, 1) + "i";
    else if (word.slice(-1) === "ç") word = cut(word, 1) + "c";
  } else {
    if (word.length >= 2 && word.slice(-1) === "s" && !"aiouès".includes(at(word, -2))) {
      word = cut(word, 1);
    }
    for (const suffix of STEP4) {
      if (!word.endsWith(suffix)) continue;
      if (rv.includes(suffix)) {
        if (suffix === "ion" && r2.includes(suffix) && "st".includes(at(rv, -4) || "-")) {
          word = cut(word, 3);
        } else if (["ier", "ière", "Ier", "Ière"].includes(suffix)) {
          word = cut(word, suffix.length) + "i";
        } else if (suffix === "e") {
          word = cut(word, 1);
        } else if (suffix === "ë" && word.slice(-3, -1) === "gu") {
          word = cut(word, 1);
        }
        break; // as in the Python code: a suffix outside RV lets a shorter one try
      }
    }
  }

  if (/(enn|onn|ett|ell|eill)$/.test(word)) word = cut(word, 1);

  for (let i = 1; i < word.length; i++) {
    const ch = at(word, -i);
    if (isVowel(ch)) {
      if (i !== 1 && (ch === "é" || ch === "è")) {
        word = word.slice(0, word.length - i) + "e" + word.slice(word.length - i + 1);
      }
      break;
    }
  }
  return word.replace(/I/g, "i").replace(/U/g, "u").replace(/Y/g, "y");
}
