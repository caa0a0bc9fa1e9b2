import CSDL2
import Foundation
import Raster
import SafeWriting

/// Text measured and drawn by earlier runs, kept on disk so the next start finds it: the widths the
/// panels measured and the masks the window drew, of text drawn in the bundled DejaVu fonts alone (text
/// that needs a fallback font, which depends on the system's fonts, is not kept).
///
/// Most of a start's own work is SDL_ttf shaping the first frame's texts, twice (once to measure them,
/// once to draw them); with this file the first frame of a scene opened before costs what a later frame
/// does. The file is `text-cache` in `TOUCHSCOPE_CACHE_DIR`, else `$XDG_CACHE_HOME/touchscope`, else
/// `~/.cache/touchscope`. It names the SDL_ttf version and the size and time of each font file; when
/// any of them differs, or the file is not exactly as written, it is ignored (and written again).
enum TextCacheFile {
  struct Contents: Equatable {
    var widths: [Width] = []
    var masks: [Mask] = []

    /// More than one start keeps (a file written before those limits): it is written again, trimmed, even
    /// when the start measured and drew nothing new.
    var isOverStartLimits: Bool {
      widths.count > startWidths || masks.count > startMasks
        || masks.reduce(0) { $0 + $1.mask.coverage.count } > startMaskBytes
    }
  }
  struct Width: Equatable {
    var key: TextMaskKey
    var width: Double
  }
  struct Mask: Equatable {
    var key: TextMaskKey
    var mask: TextMask
    static func == (a: Mask, b: Mask) -> Bool {
      a.key == b.key && a.mask.width == b.mask.width && a.mask.height == b.mask.height
        && a.mask.coverage == b.mask.coverage
    }
  }

  /// At most this many widths and masks are read (files of an earlier version kept up to these).
  static let maxWidths = 16_384
  static let maxMasks = 4_096
  /// What one start keeps for the next (`SDLTextMeasurer.keptWidths`, `TextMaskCache.keptMasks`): what
  /// its first frame used, then what earlier starts kept, most recent first, up to these. The tour's first
  /// frame uses 240 widths and 96 masks (210 KB); a file of every text the first frames of many lessons had
  /// measured (8,864 widths, 285 masks, 647 KB) took 5.9 ms of the preparing thread to read, decode and
  /// seed at every start.
  static let startWidths = 2_048
  static let startMasks = 256
  static let startMaskBytes = 512 << 10
  /// A mask larger than this many pixels is not kept (a long text is rare at start).
  static let maxMaskPixels = 1 << 20
  static let magic = Array("touchscope-text-cache 1\n".utf8)

  /// Whether a text drawn in DejaVu alone may be kept: not empty, not long, with no NUL or other
  /// control character (the measurer and the window keep only texts drawn without a fallback font).
  static func isKept(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 4096 && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }

  /// The file's path, nil when there is no folder for it.
  static func path(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let dir = env["TOUCHSCOPE_CACHE_DIR"], !dir.isEmpty { return dir + "/text-cache" }
    if let dir = env["XDG_CACHE_HOME"], dir.hasPrefix("/") { return dir + "/touchscope/text-cache" }
    if let home = env["HOME"], home.hasPrefix("/") { return home + "/.cache/touchscope/text-cache" }
    return nil
  }

  /// What the kept widths and masks depend on: SDL_ttf's version and each font file's size and time.
  static func fingerprint(assetsDirectory: String) -> String {
    var parts: [String] = []
    if let v = TTF_Linked_Version()?.pointee { parts.append("SDL_ttf \(v.major).\(v.minor).\(v.patch)") }
    for face in FontFace.allCases {
      let path = assetsDirectory + "/" + face.fileName
      var st = stat()
      guard stat(path, &st) == 0 else { return "" }
      parts.append("\(face.fileName) \(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)")
    }
    return parts.joined(separator: "; ")
  }

  // MARK: Reading and writing

  /// The bytes of `contents` for `fingerprint`.
  static func encode(_ contents: Contents, fingerprint: String) -> [UInt8] {
    var out = magic
    out += Array(fingerprint.utf8)
    out.append(0x0A)
    func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { out += $0 } }
    func key(_ k: TextMaskKey) {
      out.append(UInt8(FontFace.allCases.firstIndex(of: k.face) ?? 0))
      u32(k.size)
      u32(k.text.utf8.count)
      out += Array(k.text.utf8)
    }
    let widths = contents.widths.filter { isKept($0.key.text) && $0.width.isFinite }.prefix(maxWidths)
    u32(widths.count)
    for w in widths {
      key(w.key)
      withUnsafeBytes(of: w.width.bitPattern.littleEndian) { out += $0 }
    }
    let masks = contents.masks.filter { isKept($0.key.text) && $0.mask.width * $0.mask.height <= maxMaskPixels }
      .prefix(maxMasks)
    u32(masks.count)
    for m in masks {
      key(m.key)
      u32(m.mask.width)
      u32(m.mask.height)
      out += m.mask.coverage
    }
    return out
  }

  /// The contents of `bytes` if they are a whole file written for `fingerprint`; nil otherwise.
  static func decode(_ bytes: [UInt8], fingerprint: String) -> Contents? {
    bytes.withUnsafeBufferPointer { decode($0, fingerprint: fingerprint) }
  }

  /// `decode`, reading the bytes in place (the file is read at every start, before the first frame: a few
  /// thousand widths).
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, fingerprint: String) -> Contents? {
    var i = 0
    func take(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
      guard n >= 0, n <= bytes.count - i else { return nil }
      defer { i += n }
      return UnsafeBufferPointer(rebasing: bytes[i..<(i + n)])
    }
    func little(_ n: Int) -> UInt64? {
      guard n <= bytes.count - i else { return nil }
      var v: UInt64 = 0
      for k in stride(from: n - 1, through: 0, by: -1) { v = v << 8 | UInt64(bytes[i + k]) }
      i += n
      return v
    }
    func u32() -> Int? { little(4).map { Int($0) } }
    func key() -> TextMaskKey? {
      // What `isKept` asks, on the bytes: in UTF-8 a character under 0x20 or 0x7F is that one byte.
      guard let f = take(1)?.first, Int(f) < FontFace.allCases.count, let size = u32(), (1...4096).contains(size),
        let length = u32(), (1...4096).contains(length), let raw = take(length),
        raw.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }), let text = String(validating: raw, as: UTF8.self)
      else { return nil }
      return TextMaskKey(text: text, face: FontFace.allCases[Int(f)], size: size)
    }
    guard take(magic.count).map(Array.init) == magic else { return nil }
    let expected = Array(fingerprint.utf8) + [0x0A]
    guard !fingerprint.isEmpty, take(expected.count).map(Array.init) == expected else { return nil }
    var contents = Contents()
    guard let widthCount = u32(), widthCount <= maxWidths else { return nil }
    contents.widths.reserveCapacity(widthCount)
    for _ in 0..<widthCount {
      guard let k = key(), let bits = little(8) else { return nil }
      let width = Double(bitPattern: bits)
      guard width.isFinite, width >= 0 else { return nil }
      contents.widths.append(Width(key: k, width: width))
    }
    guard let maskCount = u32(), maskCount <= maxMasks else { return nil }
    for _ in 0..<maskCount {
      guard let k = key(), let w = u32(), let h = u32(), w <= 1 << 14, h <= 1 << 14, w * h <= maxMaskPixels,
        let coverage = take(w * h)
      else { return nil }
      contents.masks.append(Mask(key: k, mask: TextMask(width: w, height: h, coverage: Array(coverage))))
    }
    return i == bytes.count ? contents : nil
  }

  /// The file at `path`, if it is one written for `fingerprint`.
  static func read(_ path: String, fingerprint: String) -> Contents? {
    guard case .success(let bytes) = WholeFile.contents(of: path, limit: 64 << 20, regularOnly: true) else {
      return nil
    }
    return decode(bytes, fingerprint: fingerprint)
  }

  /// Writes `contents` to `path` (its folder made if needed), replacing the file whole.
  static func write(_ contents: Contents, to path: String, fingerprint: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(encode(contents, fingerprint: fingerprint)).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
