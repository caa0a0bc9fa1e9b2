// The C side of the libyaml binding: the system's libyaml (Debian and Ubuntu: libyaml-dev), found through
// pkg-config as yaml-0.1. Only Sources/SceneFile/YAMLComposer.swift imports this module: it composes
// libyaml's parse events itself, which keeps every node's line and column.
#ifndef TOUCHSCOPE_CLIBYAML_SHIM_H
#define TOUCHSCOPE_CLIBYAML_SHIM_H

#include <yaml.h>

#endif
