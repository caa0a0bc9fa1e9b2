// The C side of the SDL2 binding: SDL2, SDL2_ttf and SDL2_image, plus inline functions for the
// macros Swift does not import. Only Sources/Studio's renderer files import this module.
#ifndef TOUCHSCOPE_CSDL2_SHIM_H
#define TOUCHSCOPE_CSDL2_SHIM_H

#define SDL_MAIN_HANDLED 1
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>

/// SDL_WINDOWPOS_CENTERED (a macro over a bit mask).
static inline int TS_WindowPosCentered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_WINDOWPOS_UNDEFINED.
static inline int TS_WindowPosUndefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }

/// SDL_BUTTON(x): the mouse-state mask of button `x`.
static inline Uint32 TS_ButtonMask(int button) { return (Uint32)SDL_BUTTON(button); }

/// SDL_BlitSurface.
static inline int TS_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
  return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

/// SDL_LoadBMP.
static inline SDL_Surface *TS_LoadBMP(const char *file) { return SDL_LoadBMP(file); }

/// SDL_SaveBMP.
static inline int TS_SaveBMP(SDL_Surface *surface, const char *file) { return SDL_SaveBMP(surface, file); }

/// SDL_MUSTLOCK: whether the surface must be locked before touching its pixels.
static inline int TS_MustLock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

#endif
