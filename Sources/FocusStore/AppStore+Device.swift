import FocusJournal
import FocusModels
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension AppStore {
    /// What `device.json` in the state folder holds.
    private struct DeviceFile: Encodable {
        var id: String
        var name: String
        /// A hash of `/etc/machine-id` where it can be read: a state folder copied from another machine is told apart.
        var machine: String?
        /// The state folder it was made in (its real path): a state folder copied to another place on the same
        /// machine (two homes syncing a whole `FOCUS_HOME`, containers or clones sharing one machine id) is told
        /// apart too.
        var folder: String?

        init(id: String, name: String, machine: String?, folder: String?) {
            self.id = id
            self.name = name
            self.machine = machine
            self.folder = folder
        }

        /// The file read as `JSONDecoder` would read it (`id` and `name` strings, `machine` and `folder` strings,
        /// null or missing, other keys ignored), `nil` when it does not; by hand (``FlatJSON``), as every command
        /// reads it and the decoder's first use costs more than the rest of `focus status`.
        init?(json bytes: [UInt8]) {
            guard let fields = try? FlatJSON.parseObject(bytes), case .string(let id)? = fields["id"],
                case .string(let name)? = fields["name"], let machine = Self.optionalString(fields["machine"]),
                let folder = Self.optionalString(fields["folder"])
            else { return nil }
            self.init(id: id, name: name, machine: machine, folder: folder)
        }

        /// A string, or `.some(nil)` for null or missing; `nil` for any other value.
        private static func optionalString(_ value: FlatJSON.Value?) -> String?? {
            switch value {
            case nil, .null?: .some(nil)
            case .string(let text)?: .some(text)
            default: nil
            }
        }

        /// Whether it was made on this machine, in `folder` (or says nothing about where it was made).
        func isOurs(in folder: String?) -> Bool {
            (machine == nil || AppStore.machineHash == nil || machine == AppStore.machineHash)
                && (self.folder == nil || folder == nil || self.folder == folder)
        }
    }

    /// This machine's device, created on first use: a new eight-hex-digit id and the sanitised host name.
    ///
    /// Created exclusively, so two first commands racing agree on one id. A state folder copied from another
    /// machine (its machine id differs) or from another folder gets a device of its own, so two machines never
    /// append to one file.
    ///
    /// Creating it is the first write under this layout: the derived files an earlier focus kept in the synced
    /// folder (`expedition.json`, `stats-cache.bin`) are removed then, so sync engines stop carrying them.
    public func device() throws(FocusError) -> Device {
        if let knownDevice { return knownDevice }
        let found = try readDeviceFile()
        if let found, found.isOurs(in: stateFolder) { return remember(found) }
        if found == nil {
            for file in paths.legacy.derivedFiles { try? FileIO.remove(file) }
            try FileIO.makeDirectories(paths.stateDirectory)
        }
        let new = DeviceFile(
            id: String(format8Hex: UInt32.random(in: 0...UInt32.max)), name: Device.sanitizedName(hostName),
            machine: Self.machineHash, folder: stateFolder)
        let bytes = try Self.fileBytes(new, what: "the device id")
        if found != nil {
            // The state folder was copied from another machine or folder: this one gets its own id.
            try FileIO.replace(paths.deviceFile, with: bytes)
            return remember(new)
        }
        if try FileIO.createExclusively(paths.deviceFile, with: bytes) { return remember(new) }
        // Another command created it first: its id is this machine's.
        guard let winner = try readDeviceFile(), winner.isOurs(in: stateFolder) else {
            throw FocusError(.cantCreate, "cannot create \(paths.deviceFile)")
        }
        return remember(winner)
    }

    /// This machine's device if it was created already; `nil` before the first write (reading creates nothing).
    public func existingDevice() throws(FocusError) -> Device? {
        if let knownDevice { return knownDevice }
        guard let file = try readDeviceFile(), file.isOurs(in: stateFolder) else { return nil }
        return remember(file)
    }

    private func remember(_ file: DeviceFile) -> Device {
        let device = Device(id: file.id, name: file.name)
        knownDevice = device
        return device
    }

    private func readDeviceFile() throws(FocusError) -> DeviceFile? {
        guard let bytes = try FileIO.read(paths.deviceFile) else { return nil }
        guard let file = DeviceFile(json: bytes), Device.isID(file.id),
            Device.sanitizedName(file.name) == file.name
        else {
            throw FocusError(
                .data, "\(paths.deviceFile) is not a device file; remove it and focus makes a new device id")
        }
        return file
    }

    /// The names of the devices whose journal files are in the journal folder, sorted, each once.
    public func deviceNames() throws(FocusError) -> [String] {
        let names = try FileIO.list(paths.journalDirectory).compactMap { name -> String? in
            if case .device(let device) = JournalFileName(name) { return device.name }
            return nil
        }
        return Array(Set(names)).sorted()
    }

    /// The real path of the state folder, `nil` while it does not exist.
    private var stateFolder: String? { FileIO.realPath(paths.stateDirectory) }

    /// FNV-1a of `/etc/machine-id`, or `nil` where there is none.
    fileprivate static let machineHash: String? = {
        guard let bytes = try? FileIO.read("/etc/machine-id"), !bytes.isEmpty else { return nil }
        return String(FNV1a.hash(bytes), radix: 16)
    }()
}

extension String {
    /// `n` as eight lowercase hex digits.
    init(format8Hex n: UInt32) {
        let hex = String(n, radix: 16)
        self = String(repeating: "0", count: 8 - hex.count) + hex
    }
}
