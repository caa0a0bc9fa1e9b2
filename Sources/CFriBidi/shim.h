// GNU FriBidi, Unicode's bidirectional algorithm: only Sources/StudioUI/VisualOrder.swift imports this
// module. One call resolves a line's embedding levels and shapes it (Arabic joining forms and the
// lam-alef ligatures, mirrored brackets), keeping one code point for each code point (a ligature's second
// letter becomes U+FEFF, which draws nothing), so the caller can reorder whole characters.
#ifndef TOUCHSCOPE_CFRIBIDI_SHIM_H
#define TOUCHSCOPE_CFRIBIDI_SHIM_H

#include <fribidi.h>
#include <stdlib.h>

// `text` (`length` UTF-32 code points), one line: its paragraph direction found from its first strong
// letter (left to right when it has none), written to `rtl` (1: right to left). Writes each code point's
// embedding level to `levels` and the shaped line to `shaped` (both `length` long); returns the highest
// level plus one, 0 on failure.
static inline int touchscope_bidi_line(
  const uint32_t *text, int length, uint8_t *levels, uint32_t *shaped, int *rtl) {
  *rtl = 0;
  if (length <= 0) return 1;
  FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
  FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
  FriBidiArabicProp *joining = malloc(sizeof(FriBidiArabicProp) * (size_t)length);
  if (!types || !brackets || !joining) {
    free(types);
    free(brackets);
    free(joining);
    return 0;
  }
  fribidi_get_bidi_types((const FriBidiChar *)text, length, types);
  fribidi_get_bracket_types((const FriBidiChar *)text, length, types, brackets);
  FriBidiParType direction = FRIBIDI_PAR_ON;
  FriBidiLevel max = fribidi_get_par_embedding_levels_ex(
    types, brackets, length, &direction, (FriBidiLevel *)levels);
  int result = 0;
  if (max > 0) {
    for (int i = 0; i < length; i++) shaped[i] = text[i];
    fribidi_get_joining_types((const FriBidiChar *)text, length, joining);
    fribidi_join_arabic(types, length, (const FriBidiLevel *)levels, joining);
    fribidi_shape(
      FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAG_SHAPE_ARAB_PRES | FRIBIDI_FLAG_SHAPE_ARAB_LIGA, (const FriBidiLevel *)levels, length, joining,
      (FriBidiChar *)shaped);
    *rtl = FRIBIDI_IS_RTL(direction) ? 1 : 0;
    result = (int)max;
  }
  free(types);
  free(brackets);
  free(joining);
  return result;
}

#endif
