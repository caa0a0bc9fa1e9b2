// The C side of fontconfig, which finds the system's fallback fonts for text the bundled DejaVu has no
// glyphs for (Chinese, emoji ...). Only Sources/StudioSDL/FontLibrary.swift imports this module.
#ifndef TOUCHSCOPE_CFONTCONFIG_SHIM_H
#define TOUCHSCOPE_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
