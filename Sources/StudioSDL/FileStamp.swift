import Foundation

/// A file's modification time, size and identity (device and inode), to notice edits, and a file
/// replaced by another (deleted and made again, its folder too) even with the same time and size.
struct FileStamp: Equatable {
  var modified: Date?
  var size: Int?
  var device: Int?
  var inode: Int?
  init?(path: String) {
    guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    modified = a[.modificationDate] as? Date
    size = (a[.size] as? NSNumber)?.intValue
    device = (a[.systemNumber] as? NSNumber)?.intValue
    inode = (a[.systemFileNumber] as? NSNumber)?.intValue
  }
}
