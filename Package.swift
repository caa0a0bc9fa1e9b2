// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
  name: "Touchscope",
  platforms: [.macOS(.v15)],  // Synchronization's Mutex
  products: [
    .executable(name: "touchscope", targets: ["touchscope"]),
    .library(name: "TouchSim", targets: ["TouchSim"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
  ],
  targets: [
    // Points, sizes, rectangles and affine transforms: shared by the engine and the rasterizer.
    .target(name: "Geometry"),
    // The languages texts are written in (English, Simplified Chinese).
    .target(name: "Localization"),
    // The engine: pure Swift, standard library only.
    .target(name: "TouchSim", dependencies: ["Geometry"]),
    // The trace folded at a playhead: the one snapshot every reader shows.
    .target(name: "TraceKit", dependencies: ["Geometry", "TouchSim"]),
    // libyaml, the system's (pkg-config yaml-0.1): its event parser, composed by Sources/SceneFile.
    .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    // Writing files without losing any: atomic replacement, in-place saves that survive a kill, outputs
    // that are never an input, a link or a special file.
    .target(name: "SafeWriting"),
    .target(name: "SceneFile", dependencies: ["Geometry", "TouchSim", "CLibYAML", "SafeWriting"]),
    // What crosses to and from a device: `export swift`, the device log, the storyboard and dump importers.
    .target(name: "DeviceBridge", dependencies: ["Geometry", "TouchSim", "SceneFile"]),
    // Plain-language narration of a trace.
    .target(name: "Narration", dependencies: ["Geometry", "TouchSim", "TraceKit", "Localization"]),
    // Draw commands and the software rasterizer: pixels only.
    .target(name: "Raster", dependencies: ["Geometry"]),
    // Text as the window sets it, without the window: measuring (through a measurer the window provides),
    // wrapping, visual order, legibility of every text on what it is drawn on, whole lines.
    .target(name: "StudioUI", dependencies: ["Geometry", "Raster", "CFriBidi"]),
    // GNU FriBidi: Unicode's bidirectional algorithm and Arabic shaping, for right-to-left text.
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    // The window without the window: model, panels, layout, key table.
    .target(
      name: "StudioCore",
      dependencies: [
        "Geometry", "TouchSim", "TraceKit", "SceneFile", "Narration", "Raster", "Localization", "StudioUI",
      ]),
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "SDL2_ttf",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
    ),
    // The SDL window, fonts through SDL_ttf, PNG files: the only code that imports SDL.
    .target(
      name: "StudioSDL",
      dependencies: [
        "Geometry", "StudioCore", "StudioUI", "Raster", "CSDL2", "CFontconfig", "TouchSim", "TraceKit", "SceneFile",
        "SafeWriting",
        "Narration",
        "Localization",
      ]),
    // fontconfig, asked in-process for the fallback fonts (one `fc-match` process per question cost a second
    // at start-up when Chinese text is shown).
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .executableTarget(
      name: "touchscope",
      dependencies: [
        "Geometry", "TouchSim", "TraceKit", "SceneFile", "SafeWriting", "DeviceBridge", "Narration", "Raster",
        "StudioCore", "StudioUI", "StudioSDL", "Localization",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "TestSupport", dependencies: ["Geometry", "TouchSim", "SceneFile"], path: "Tests/TestSupport"),
    .testTarget(
      name: "TouchSimTests",
      dependencies: [
        "Geometry", "TouchSim", "SceneFile", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "SceneFileTests",
      dependencies: ["Geometry", "SceneFile", "SafeWriting", "DeviceBridge", "TouchSim", "TestSupport"]),
    .testTarget(name: "TraceKitTests", dependencies: ["Geometry", "TraceKit", "TouchSim", "TestSupport"]),
    .testTarget(
      name: "NarrationTests",
      dependencies: ["Geometry", "Narration", "TraceKit", "TouchSim", "SceneFile", "TestSupport", "Localization"]),
    .testTarget(
      name: "StudioTests",
      dependencies: [
        "Geometry", "StudioCore", "StudioUI", "StudioSDL", "Raster", "TraceKit", "TouchSim", "SceneFile",
        "SafeWriting",
        "DeviceBridge", "CSDL2", "TestSupport", "StudioTestSupport",
        "Localization", "Narration",
      ],
      exclude: ["Snapshots"]),
    // Pixels: the rasterizer, damage and redraw, text masks and measuring through SDL_ttf, whole frames drawn
    // off screen and through an SDL renderer.
    .testTarget(
      name: "RasterTests",
      dependencies: [
        "Geometry", "StudioCore", "StudioUI", "StudioSDL", "Raster", "TraceKit", "TouchSim", "SceneFile",
        "SafeWriting", "CSDL2", "TestSupport", "StudioTestSupport", "Localization",
      ]),
    // What the studio's tests share: a model that has drawn its first frame, scene points in pixels.
    .target(
      name: "StudioTestSupport", dependencies: ["Geometry", "TouchSim", "StudioCore"], path: "Tests/StudioTestSupport"),
    // The built program run as a user runs it: its commands, and its window under Xvfb.
    .testTarget(
      name: "ProgramTests",
      dependencies: [
        "Geometry", "StudioCore", "StudioUI", "StudioSDL", "Raster", "TraceKit", "TouchSim", "SceneFile",
        "SafeWriting", "DeviceBridge", "TestSupport", "Localization",
      ]),
    .testTarget(
      name: "SceneLibraryTests", dependencies: ["Geometry", "TouchSim", "SceneFile", "DeviceBridge", "TestSupport"],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (`make fuzz`), only in the package when TOUCHSCOPE_FUZZ is set: they have no `main`
// of their own (libFuzzer's) and build only with -sanitize=fuzzer.
if ProcessInfo.processInfo.environment["TOUCHSCOPE_FUZZ"] != nil {
  package.targets += [
    .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
    .executableTarget(
      name: "FuzzSceneLoader", dependencies: ["TestSupport", "FuzzSupport"], path: "Fuzz/FuzzSceneLoader"),
    .executableTarget(
      name: "FuzzEngine", dependencies: ["TestSupport", "SceneFile", "TouchSim", "FuzzSupport"],
      path: "Fuzz/FuzzEngine"),
  ]
}
