import Foundation

/// How recordings name the test that made an exchange: `Tests/ClientTests.swift:42`, relative to the
/// working directory (the package root under `swift test`) when the file is below it.
enum TestLocation {
    static func text(filePath: String, line: Int) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        let path = filePath.hasPrefix(base) ? String(filePath.dropFirst(base.count)) : filePath
        return "\(path):\(line)"
    }
}
