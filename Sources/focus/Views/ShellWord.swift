/// Text made safe to paste into a POSIX shell (bash, zsh, sh) as one word.
enum ShellWord {
    /// `text` as is when it needs no quoting (`writing`, `25m`), else ``singleQuoted(_:)``.
    static func quoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (safe.contains($0) || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            }
        return plain ? text : singleQuoted(text)
    }

    /// `text` in single quotes, a quote inside written `'\''`.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    private static let safe = Set("-_.,/:+=@%".unicodeScalars)
}
