# Halaman Arbiter dalam bahasa Indonesia. Setiap kunci juga ada di ../en/main.ftl dan ../fr/main.ftl.

## Tata letak
app-name = Arbiter
lang-switcher = Bahasa
who-admin = (admin)
sign-in = Masuk
sign-out = Keluar
nav-home = Beranda
nav-events = Turnamen
nav-my-table = Meja saya
nav-challenges = Tantangan
nav-committee = Komite
nav-event-desk = Meja direktur
nav-standings = Klasemen
nav-my-team = Tim saya
nav-users = Pengguna
nav-account = Akun
nav-in-event = { $link } · turnamen { $event }
error-status = { $status ->
    [400] Permintaan salah
    [401] Belum masuk
    [403] Terlarang
    [404] Tidak ditemukan
    [405] Metode tidak diizinkan
    [409] Konflik
    [413] Kiriman terlalu besar
    [415] Jenis konten tidak didukung
    [422] Data ditolak
    [429] Terlalu banyak permintaan
    [503] Layanan tidak tersedia
   *[other] Galat
}
error-back = Kembali ke awal
home-lead = Pengelolaan turnamen permainan kata: jam tim, lembar skor, tantangan, dan klasemen.
yes = ya
no = tidak
ok = ok
save = Simpan
versus = v
bye = bye
a-v-b = { $a } v { $b }
seconds = { $n } dtk
lang-automatic = Otomatis (turnamen atau peramban)
lang-each-visitor = Bahasa masing-masing pengunjung

## Kata umum
username = Nama pengguna
password = Kata sandi
table-word = Meja
table-word-lower = meja
round-word = Babak
table-n = Meja { $table }
table-n-lower = meja { $table }
round-n = Babak { $round }
round-n-lower = babak { $round }
match-n = pertandingan { $match }
match-n-cap = Pertandingan { $match }
side-a = A: { $name }
side-b = B: { $name }
col-team = Tim
col-played = Main
col-w = M
col-t = S
col-l = K
col-wins = Menang
col-ties = Seri
col-losses = Kalah
col-points = Poin
col-spread = Selisih
col-score = Skor
col-round = Babak
col-table = Meja
col-match = Pertandingan
col-status = Status
col-side-a = Pihak A
col-side-b = Pihak B
role-name = { $role ->
    [table] Perangkat meja
    [pic] Wasit (PIC)
    [committee] Komite
    [captain] Kapten
    [director] Direktur turnamen
    [referee] Wasit
    [arbitrator] Juri
   *[other] { $role }
}
match-status = { $status ->
    [new] baru
    [created] menunggu undian
    [in_progress] sedang berlangsung
    [ended] permainan usai
    [finished] selesai
   *[other] { $status }
}
round-status = { $status ->
    [draft] draf
    [started] dimulai
    [finished] selesai
   *[other] { $status }
}
method-name = { $method ->
    [round_robin] round robin
    [swiss] sistem Swiss
    [manual] manual
   *[other] { $method }
}
preset-name = { $preset ->
    [team-2v2] Beregu, 2 lawan 2
    [individual] Satu lawan satu
    [duplicate] Duplikat
   *[other] { $preset }
}
tile-set-name = { $set ->
    [english] Inggris (100 ubin)
    [french] Prancis (102 ubin)
    [indonesian] Indonesia
   *[other] { $set }
}
record-kind = { $kind ->
    [disqualification] Diskualifikasi
    [walkout] Walkout
    [withdrawal] Pembatalan
   *[other] { $kind }
}
challenge-kind = { $kind ->
    [word] kata
    [score] skor
   *[other] { $kind }
}
challenge-by = { $kind ->
    [word] Tantangan kata oleh { $by }
    [score] Tantangan skor oleh { $by }
   *[other] Tantangan { $kind } oleh { $by }
}
ruling-name = { $ruling ->
    [acceptable] sah
    [unacceptable] tidak sah
   *[other] { $ruling }
}

## Masuk, akun, pengguna
account-title = Akun
account-language = Bahasa
account-language-hint = Halaman ditampilkan dalam bahasa ini di setiap perangkat tempat Anda masuk. Otomatis mengikuti bahasa turnamen, lalu bahasa peramban Anda.
account-language-label = Bahasa halaman
account-language-refused = "{ $value }" bukan bahasa halaman: pilih English, Bahasa Indonesia, atau Français.
account-language-saved = Bahasa disimpan.
account-change-password = Ganti kata sandi
account-password-hint = Sesi Anda yang lain (perangkat lain) berakhir saat kata sandi berganti.
account-current-password = Kata sandi sekarang
account-new-password = Kata sandi baru
users-title = Pengguna
users-admin = Admin
users-roles = Peran
users-sign-in = Masuk
users-in-event = turnamen { $event }
users-at-table = meja { $table }
users-disabled = dinonaktifkan
users-enable = Aktifkan
users-disable = Nonaktifkan
users-new-password-ph = kata sandi baru
users-new-password-for = Kata sandi baru untuk { $name }
users-set-password = Atur kata sandi
users-new-account = Akun baru
users-administrator = Administrator
users-create = Buat akun

## Pertandingan: papan skor, kontrol, sisa rak
board-team-a = Tim A
board-team-b = Tim B
board-clock-running = jam berjalan
board-score-label = skor
board-out-of-time = waktu habis
board-to-move = Giliran:
board-bag = Kantong:
board-challenge-time = Waktu tantangan:
board-challenge-time-hint = sisa waktu untuk menantang langkah terakhir
board-open-challenge = Tantangan terbuka:
board-voided = Pertandingan ini dibatalkan
board-voided-why = saat babak { $round } dipasangkan ulang: tidak ada lagi yang dicatat di sini.
board-table-now-plays = Meja { $table } sekarang memainkan
board-table-no-match = Meja { $table } tidak punya pertandingan di babak ini; tanyakan direktur turnamen.
board-waiting-pic = Menunggu wasit
board-status = { $status ->
    [created] Menunggu undian
    [in_progress] Sedang bermain
    [ended] Permainan usai: rak dan keputusan perlu dicatat
    [finished] Selesai
    [new] Baru
   *[other] { $status }
}
board-tie = Seri { $score }
board-wins = { $name } menang ({ $reason }) { $score }
result-reason = { $reason ->
    [score] skor
    [disqualification] diskualifikasi
    [walkout] walkout
   *[other] { $reason }
}
board-board-label = papan
sheet-seat = Kursi
sheet-play = Langkah
sheet-declared = Diumumkan
sheet-recorded = Dicatat
controls-drew = { $name } mengambil
controls-blank-ph = ? = blanko
controls-draw-start = Undian menentukan: mulai
controls-first-to-move = Atau hasil undian: jalan pertama
controls-start-clocks = Jalankan jam
controls-plays = { $name } jalan
controls-move = Langkah (GCG, mis. 8D KATA)
controls-rack = Rak sebelum langkah (opsional; ? untuk blanko)
controls-words = Kata (kata utama dulu)
controls-tiles-laid = Ubin dipasang
controls-score = Skor
controls-finish = Selesai
controls-pass = Lewat
controls-exchange-ph = Ubin yang ditukar
controls-exchange = Tukar
controls-objection = Keberatan atas langkah { $seat }
controls-challenger = Penantang
controls-word = Kata
controls-challenge-word = Tantang kata
controls-challenge-score = Tantang skor
controls-line-complete = Baris lembar skor lengkap
racks-title = Permainan usai: ubin yang tersisa di tiap rak
racks-hint = Ketik huruf yang masih di tiap rak, ? untuk blanko; kosongkan rak yang tidak berisi apa-apa.
racks-played-out = habis
racks-holds = { $count ->
   *[other] { $count } ubin
}
racks-empty-ph = kosong
racks-agrees = { $name } setuju
racks-submit = Catat rak dan selesaikan
racks-slip = Lembar hasil: tiap pihak memeriksanya
racks-verifies = Pihak { $seat } memeriksa lembar hasil
match-two-letter = Kata dua huruf ({ $count })
notice-polling = Memeriksa pertandingan setiap beberapa detik…
notice-no-match-title = Belum ada pertandingan di meja ini
notice-no-match = Saat direktur memasangkan babak, pertandingan meja ini terbuka di sini dengan sendirinya.

## Wasit (PIC)
pic-title = Wasit · { $event }
pic-heading = Tantangan · { $event }
pic-waiting = menunggu { $time }
pic-against = atas langkah { $player }
pic-acceptable = SAH
pic-unacceptable = TIDAK SAH
pic-board-says = menurut papan
pic-bingo = bingo
pic-total = total
pic-held-by = Dipegang { $name }
pic-take = Ambil tantangan ini
pic-valid = Sah (+10)
pic-valid-to = untuk { $team }
pic-invalid = Tidak sah (−10)
pic-invalid-from = dari { $team }, langkah ditarik
pic-actual-score = Skor sebenarnya
pic-apply-score = Terapkan skor
pic-none-open = Tidak ada tantangan terbuka.
pic-rulings = Keputusan
pic-median-wait = Median tunggu
pic-worst-wait = terlama
pic-col-challenge = Tantangan
pic-col-ruling = Keputusan
pic-col-pic = Wasit
pic-col-raised = Diajukan
pic-col-waited = Menunggu
pic-to-close = Permainan usai, menunggu ditutup
pic-to-close-hint = Jika meja tidak bisa memasukkan sisa raknya, buka pertandingannya dan tutup di sana.

## Klasemen, tim, komite
standings-title = Klasemen · { $event }
standings-csv = Unduh CSV
standings-disqualified = didiskualifikasi
standings-live = Skor langsung
team-standings-link = klasemen
team-captain = kapten
team-reserve = cadangan
team-matches = Pertandingan
team-score-sheet = lembar skor
committee-title = Komite · { $event }
committee-confirm = Catat ini? Tidak bisa dihapus, hanya dikoreksi.
committee-whole-event = Seluruh turnamen
committee-what = Apa
committee-reason = Alasan
committee-record = Catat
committee-records = Catatan
committee-when = Kapan
committee-by = Oleh
committee-of = atas #{ $n }
committee-event = turnamen
committee-take-back = Tarik catatan #{ $n } ({ $kind }) untuk { $team }?
committee-correct-why = Koreksi #{ $n } ({ $team }): mengapa itu keliru
committee-correct = Koreksi

## Direktur turnamen
events-new = Turnamen baru
events-none = Belum ada turnamen.
events-event = Turnamen
events-format = Format
events-lexicon = Kamus
events-tiles = Ubin
events-public = Publik
new-event-name = Nama
new-event-overrides = Pengaturan (JSON, opsional)
new-event-example = Misalnya
new-event-example-means = memberi tiap pihak 25 menit.
new-event-tile-set = Set ubin
new-event-lexicon-default = Bawaan (ENABLE, enable2k)
new-event-lexicon-upload = Unggah daftar kata
new-event-public = Klasemen dan skor terbuka untuk umum
new-event-create = Buat turnamen
director-not-done = Tidak dilakukan:
director-go-to-form = Ke formulir
director-public = publik
director-private = privat
director-import = Impor tim (CSV)
director-event-language = Bahasa bawaan halaman turnamen
director-language-saved = Bahasa turnamen disimpan.
director-teams = Tim ({ $count })
director-no-teams = Belum ada tim.
director-players = Pemain
director-reserves = Cadangan
director-captain = Kapten
director-add-team = Tambah tim
director-team-name = Nama tim
director-player-n = Pemain { $n }
director-reserve-optional = Cadangan (opsional)
director-first-reserve = Cadangan pertama
director-second-reserve = Cadangan kedua
director-add-team-button = Tambah tim
director-no-roles = Belum ada peran diberikan.
director-account = Akun
director-role = Peran
director-for = Untuk
director-revoke = Cabut
director-grant-role = Beri peran
director-account-username = Akun (nama pengguna)
director-team-captains = Tim (kapten)
director-table-devices = Meja (perangkat)
director-grant = Beri
director-rounds = Babak
director-paired-times = (dipasangkan { $n } kali)
director-pairings = Pasangan
director-pairings-print = Pasangan (cetak)
director-table-cards = Kartu meja
director-cards-print = Kartu meja (cetak)
director-won = menang
director-repair-confirm = Pasangkan ulang babak { $round }? Pertandingannya yang sekarang dibatalkan.
director-method = Metode
director-same-method = Sama ({ $method })
director-accept-repeats = Terima pasangan berulang jika tak terhindarkan
director-manual-pairs = Pasangan manual: satu meja per baris,
director-manual-example = Tim A v Tim B
director-manual-bye = ; tim yang sendirian mendapat bye
director-pair-again = Pasangkan ulang
director-pair-round = Pasangkan babak { $round }
director-round-robin-berger = Round robin (Berger)
director-pair-the-round = Pasangkan babak
cards-title = Babak { $round }, kartu meja · { $event }
cards-none = Babak ini tidak punya meja.
pairings-title = Babak { $round }, pasangan · { $event }
pairings-method = Pemasangan: { $method }
pairings-redone = (diulang, versi { $n })
import-title = Impor tim · { $event }
import-heading = Impor tim
import-columns = Kolom:
import-lead = ; kapten adalah salah satu nama. Baris judul opsional. Tidak ada yang diimpor selama ada baris yang salah.
import-preview = Pratinjau: { $count } baris siap
import-with-errors = { $count } dengan kesalahan
import-line = Baris
import-problem = Masalah
import-submit = Impor { $count } tim
import-file = Berkas CSV
import-csv = CSV
import-preview-button = Pratinjau
lexicon-title = Daftar kata · { $event }
lexicon-heading = Daftar kata
lexicon-in-use = Dipakai:
lexicon-lead = . Daftar baru menggantikannya untuk setiap pertandingan turnamen.
lexicon-list-name = Nama daftar
lexicon-file = Berkas daftar kata
lexicon-words = Kata, satu per baris
lexicon-load = Muat daftar kata

## Pesan setelah formulir
flash-challenge-taken = Tantangan diambil.
flash-challenge-yours = Tantangan diambil: Anda yang memutuskan.
flash-ruling-applied = Keputusan diterapkan.
flash-recorded = Dicatat.
flash-signed-out = Anda sudah keluar.
flash-password-changed = Kata sandi diganti. Sesi Anda yang lain sudah berakhir.
flash-account-created = Akun { $name } dibuat.
flash-password-set = Kata sandi diatur. Sesi akun itu sudah berakhir.
flash-account-disabled = Akun { $name } dinonaktifkan; sesinya sudah berakhir.
flash-account-enabled = Akun { $name } diaktifkan.
flash-teams-imported = { $count } tim diimpor.
flash-lexicon-loaded = Daftar kata { $name } dimuat: { $count } kata.
flash-round-paired = Babak { $round } dipasangkan: { $count } meja{ $bye ->
    [yes] {" "}dan satu bye
   *[no] {""}
}.
flash-round-repaired = Babak { $round } dipasangkan ulang.
flash-team-added = Tim { $name } ditambahkan.
flash-role-revoked = Peran { $role } dicabut.
flash-role-granted = Peran { $role } diberikan kepada { $name }.

## Pesan dari server
msg-sign-in-first = Masuk dulu.
msg-admin-only = Hanya administrator yang boleh melakukan ini.
msg-director-only = Hanya direktur turnamen yang boleh melakukan ini.
msg-not-found = Tidak ditemukan.
msg-wrong-login = Nama pengguna atau kata sandi salah.
msg-session-ended = Sesi ini sudah berakhir; masuk lagi.

## static/app.js
js-refused = Ditolak.
js-rule = aturan
js-offline = Luring: menyambung ulang… Tindakan disimpan dan dikirim lagi.
js-connection-lost = Koneksi terputus: menyambung ulang…
js-unreachable = Server tidak terjangkau. Periksa Wi-Fi dan coba lagi.
js-final-scores = Skor akhir:
js-points = poin
js-t7-open = Masih ada tantangan terbuka: tunggu wasit.
js-t14-complete = Langkah itu tidak bisa ditantang lagi: barisnya di lembar skor sudah lengkap.
js-t14-opposing = Hanya tim lawan yang boleh menantang kata langkah ini.
js-t1-turn = Bukan giliran Anda: giliran $1.
js-t5-flag = Jam pihak ini di 0:00: tidak bisa jalan lagi (masih boleh menantang).
js-t17-over = Permainan sudah usai: tidak ada langkah atau tantangan lagi.
js-t8-again = Skor langkah ini sudah ditantang.
js-t13-withdrawn = Langkah itu sudah ditarik: tidak ada skor untuk ditantang.
js-c3-first = Langkah pertama memasang paling sedikit 2 ubin.
js-conflict = Perangkat lain mengubah pertandingan ini lebih dulu. Layar kini menampilkan keadaan terbaru: periksa, lalu coba lagi.
js-forbidden = Perangkat ini tidak boleh melakukan itu. Tanyakan direktur turnamen.
js-unauthorized = Sudah keluar: masuk lagi di perangkat ini.

# Merged from pages (issue 15): users' team grants, printed pairings
users-team = tim
pairings-print-by-table = Cetak per meja
pairings-print-alphabetical = Cetak menurut abjad
pairings-print-title-alpha = Babak { $round }, pasangan (menurut abjad) · { $event }
pairings-find-your-name = Cari nama Anda: meja Anda, sisi Anda, dan lawan Anda.
print-button = Cetak
col-name = Nama
col-side = Sisi
col-opponent = Lawan

# Duplicate (seed 002): konsol wasit, slip, layar aula, peringkat
dup-console-title = Wasit · { $event } · permainan { $game }
dup-game-title = { $event } · permainan { $game }
dup-slips-title = Slip · { $event } · permainan { $game }
dup-ranking-title = Peringkat · { $event }
dup-hall-link = Layar aula
dup-slips-link = Input slip
dup-ranking-link = Peringkat
dup-turn = Giliran
dup-phase = { $phase ->
    [awaiting_rack] menunggu rak berikutnya
    [rack_shown] rak ditampilkan, waktu belum dimulai
    [running] waktu berjalan
    [top_chosen] top sudah dipilih
    [ended] permainan selesai
   *[other] { $phase }
}
dup-rack = Rak:
dup-rack-is = rak { $rack }
dup-tiles-left = sisa ubin { $n }
dup-tops-so-far = jumlah top sejauh ini { $n }
dup-slips-this-turn = slip giliran ini { $n }/{ $of }
dup-draw = Ambil rak
dup-tiles-by-hand = Ubin yang diambil dengan tangan
dup-redraw = Semua ubin dikembalikan dulu
dup-use-tiles = Pakai ubin ini
dup-end-game = Akhiri permainan
dup-end-game-no-play = Akhiri permainan (tanpa langkah)
dup-start-turn = Mulai giliran
dup-show-top = Tampilkan top
dup-choose-this = Pilih yang ini
dup-place-top = Pasang top
dup-undo = Batalkan langkah terakhir
dup-last-top = Top terakhir (giliran { $turn }):
dup-game-over = Permainan selesai
dup-top-of-turn = Top giliran { $turn }
dup-points-word = poin
dup-sum-of-tops = Jumlah top:
dup-col-number = No.
dup-col-player = Pemain
dup-col-club = Klub
dup-col-total = Total
dup-col-percent = % dari top
dup-col-solos = Solo
dup-col-warnings = Peringatan
dup-game-line = Permainan { $game }: { $turns } giliran, jumlah top
dup-slips-help = Ketik setiap slip lalu tekan Enter: slip berikutnya dimulai dari nomor pemain. Referensi ditulis
dup-notation-french = cara Prancis:
dup-notation-french-across = adalah baris H mendatar,
dup-notation-french-down = adalah kolom 8 menurun
dup-notation-gcg = cara GCG:
dup-notation-gcg-across = adalah baris 8 mendatar,
dup-notation-gcg-down = adalah kolom H menurun
dup-blank-lowercase = Tandai ubin kosong (blank) dengan huruf kecil.
dup-reference = Referensi
dup-word = Kata
dup-points = Poin
dup-record = Catat
dup-slips-open-for = Slip dibuka untuk giliran
dup-none-yet = belum ada
dup-written = Tertulis
dup-notes = Catatan
dup-zero-not-allowed = tidak sah: { $word }
dup-zero-unreadable = tidak terbaca: { $why }
dup-zero-misplaced = salah tempat: { $why }
dup-zero-ruled = dinolkan oleh wasit
dup-warnings-n = peringatan: { $n }
js-dup-refused = Ditolak ($1)
js-dup-unreachable = Tidak dapat menghubungi server.
js-dup-recorded = Pemain $1, giliran $2: $3 poin
js-dup-warnings = $1 peringatan
js-dup-zero = nol: $1
js-dup-slip-unreachable = Tidak dapat menghubungi server: slip mungkin belum tercatat. Tekan Enter lagi.

# E2/E3 (issue 18): cara hasil dihitung, dan pemenang serta alasan forfeit di halaman tim.
scoring-points = Klasemen (aturan E2): poin pertandingan menang { $win }, seri { $tie }, kalah { $loss }, lalu selisih skor, lalu total skor.
scoring-bye = Bye dihitung sebagai kemenangan dengan selisih +{ $spread }.
scoring-forfeit = Forfeit (diskualifikasi atau walkout) adalah kemenangan bagi pihak lawan dengan selisih +{ $spread } dan kekalahan bagi pelanggar dengan -{ $spread }.
result-forfeit = forfeit
result-bye = bye
result-bye-counts = bye: dihitung sebagai kemenangan
result-disqualified = { $winner } menang: { $other } didiskualifikasi
result-walked-out = { $winner } menang: { $other } walkout
result-both-forfeited = kedua pihak forfeit
result-wins = { $winner } menang
result-tie = seri

## dupa
dupa-director-title = Duplikat · { $event }
dupa-dashboard-link = Permainan dan pemain Duplikat
dupa-back-to-event = Halaman acara
dupa-results-link = Lembar hasil
dupa-options = Opsi permainan (aturan D)
dupa-notation = Referensi
dupa-notation-french = gaya Prancis: H8 adalah baris H mendatar, 8H kolom 8 menurun
dupa-notation-gcg = GCG: 8H adalah baris 8 mendatar, H8 kolom H menurun
dupa-turn-time = Waktu per giliran
dupa-seconds-warning = { $turn } detik, peringatan { $warning } detik sebelum habis
dupa-draw = Pengambilan huruf
dupa-draw-rule = paling sedikit { $early } vokal dan { $early } konsonan pada { $turns } giliran pertama, lalu { $late } dari masing-masing
dupa-solo = Bonus solo
dupa-solo-on = { $bonus } poin, dengan paling sedikit { $min } pemain
dupa-solo-off = tidak ada
dupa-warnings = Peringatan
dupa-warnings-rule = { $free } gratis, lalu −{ $penalty } per peringatan
dupa-fault = Kesalahan penulisan
dupa-ruling-warning = peringatan
dupa-ruling-zero = nol
dupa-ruling-default-warning = pilihan acara (peringatan)
dupa-ruling-default-zero = pilihan acara (nol)
dupa-games = Permainan ({ $count })
dupa-no-games = Belum ada permainan.
dupa-col-game = Permainan
dupa-console-link = Wasit
dupa-new-game-help = Permainan baru dimulai dengan { $n } pemain yang terdaftar; pemain yang ditambahkan kemudian ikut permainan yang belum selesai.
dupa-create-game = Buat permainan { $game }
dupa-players = Pemain ({ $count })
dupa-no-players = Belum ada pemain.
dupa-licence = No. lisensi
dupa-add-player = Tambah pemain
dupa-late-players = Pemain yang ditambahkan sekarang juga ikut permainan yang belum selesai, mulai dari giliran yang sedang tampil.
dupa-add-player-button = Tambahkan pemain
dupa-flash-player-added = Pemain { $number } ({ $name }) ditambahkan.
dupa-flash-game-created = Permainan { $game } dibuat.
dupa-new-event-duplicate-hint = Duplikat: opsinya adalah aturan D, misalnya
dupa-results-title = Hasil · { $event }
dupa-results-cumulative = { $games ->
   *[other] Dari { $games } permainan
}
dupa-printed = dicetak { $at }
dupa-results-game = Permainan { $game }
dupa-results-game-tops = { $turns } giliran, jumlah top { $tops }
dupa-col-tops = Top
dupa-col-penalty = Penalti
dupa-ties = { $n } langkah seri untuk top (D6): pilih yang paling membuka permainan.

## i18n2
sheet-pass = lewat
sheet-exchange = tukar { $n }
sheet-turn-lost = giliran hangus
sheet-turn = giliran
sheet-score-challenge = skor ditantang oleh { $by }: skor sebenarnya { $score }
sheet-withdrawn = langkah ditarik: kata tidak sah
sheet-word-valid = tantangan kata: sah
sheet-word-invalid = tantangan kata: tidak sah
sheet-score-corrected = skor dikoreksi (ditemukan oleh { $by })
sheet-tiles-left = sisa ubin: { $rack }
sheet-racks-recounted = hitungan rak dibatalkan: langkah terakhir ditarik
sheet-overtime = lewat waktu { $time }
sheet-out-of-time-passes = jam di 0:00: gilirannya berpindah ke pihak lawan
sheet-out-of-time-overtime = jam di 0:00: waktu tambahan berjalan
challenger-opponent = lawan
challenger-teammate = rekan setim, tanpa penalti
pic-history-words = { $words } oleh { $by }
pic-history-play = langkah itu, oleh { $by }
pic-history-score = skor, oleh { $by }
pic-ruling-score = skor sebenarnya { $actual }, tercatat { $recorded }
pic-ruling-none = ditutup tanpa keputusan
err-game-over = permainan sudah selesai
err-challenge-open = ada tantangan terbuka; PIC harus memutuskannya dulu
err-out-of-time = waktu pihak { $side } sudah habis dan tidak bisa melangkah lagi (masih boleh menantang)
err-not-your-turn = bukan giliran Anda: giliran { $seat }
err-opening-short = langkah pertama memasang sedikitnya 2 ubin
err-too-many-tiles = setelah pembukaan, satu langkah memasang paling banyak { $n } ubin
err-rack-too-small = rak hanya berisi { $n } ubin
err-exchange-same-letter = tukar butuh { $n } ubin atau lebih dari satu huruf yang sama (blank tidak dihitung)
err-exchange-bag = tukar butuh sedikitnya { $min } ubin di kantong; tersisa { $bag } (lewat tetap boleh)
err-challenges-not-used = aturan ini tidak memakai tantangan kata
err-no-objection = tidak ada langkah yang bisa ditantang; baris lembar skor sudah lengkap
err-one-word = hanya satu tantangan kata per giliran, menyebut paling banyak { $n } kata
err-word-not-formed = { $word } bukan kata yang dibentuk langkah ini (langkah ini membentuk { $formed })
err-redraw = keduanya mengambil { $tile }; kembalikan ubin ke kantong dan ambil lagi
err-not-opponent = hanya pihak lawan yang boleh menantang kata
err-score-challenged = skor giliran ini sudah ditantang
err-play-withdrawn = langkah itu ditarik; tidak ada skor untuk ditantang
err-no-seat = tidak ada kursi { $seat } di pertandingan ini
err-challenge-not-open = tantangan { $n } tidak terbuka (setiap tantangan diputuskan tepat sekali)
err-wrong-kind = tantangan { $n } berjenis lain
err-actual-from-board = dalam mode papan, skor sebenarnya berasal dari papan
err-nothing-due = belum ada jam yang habis
err-racks-before-end = permainan belum selesai; sisa rak dihitung setelah permainan berakhir
err-racks-not-due = sisa rak sudah dihitung (sekali per permainan; petugas mengoreksi kesalahan, E3)
err-racks-not-counted = aturan permainan ini tidak menghitung ubin yang tersisa di rak
err-not-reversible = peristiwa { $n } tidak bisa dibatalkan: { $why }
err-slip-verified = kedua pemain sudah memverifikasi slip hasil; hasilnya final
err-not-allowed = tidak diizinkan: { $command } memerlukan { $needs }
err-hold-not-used = aturan ini tidak memakai hold
err-hold-called = hold sudah diminta
err-slip-side-verified = pihak ini sudah memverifikasi slip
err-only-play-score = hanya skor sebuah langkah yang bisa dikoreksi
err-match-started = pertandingan sudah dimulai
err-match-not-started = pertandingan belum dimulai
err-match-forfeit = pertandingan diputuskan dengan walkover (T18b-c)
err-forfeit-recorded = walkover sudah dicatat
err-already-reversed = sudah dibatalkan
err-square-taken = petak { $square } sudah terisi { $tile }
err-square-empty = petak { $square } kosong, jadi tidak bisa dilewati ('.')
err-word-misses-tile = kata itu tidak mencakup { $tile } di { $square } yang bersebelahan
err-no-new-tile = langkah itu tidak memasang ubin baru
err-no-such-tile = tidak ada ubin { $tile } dalam set ubin ini
err-first-centre = langkah pertama harus menutup petak tengah H8
err-first-two = langkah pertama harus memasang sedikitnya 2 ubin
err-not-connected = langkah itu tidak tersambung ke ubin mana pun di papan
err-not-on-rack = { $tile } tidak ada di rak { $rack }
err-fits-elsewhere = { $why }; kata itu muat di { $n } tempat lain
err-first-across = kata pertama dipasang mendatar
err-not-reference = { $reference } bukan referensi
err-blank-one-letter = blank adalah satu huruf di dalam { $pair }
err-not-a-letter = '{ $c }' bukan huruf
err-word-empty = kata itu kosong
err-confirm-final = kedua pihak mengonfirmasi skor akhir sebelum permainan ditutup (aturan T19)
err-moved-on = pertandingan sudah berlanjut (diharapkan seq { $expected }, sekarang { $now }); lihat keadaan terkini lalu putuskan lagi
err-same-moment = perubahan lain dicatat pada saat yang sama; silakan coba lagi
err-too-quick = pertandingan berubah terlalu cepat; silakan coba lagi
err-no-role-here = Anda tidak punya peran di meja atau acara ini yang mengizinkan hal ini
err-table-tablet-only = halaman ini untuk tablet meja pertandingan ini
err-pic-taken = PIC lain baru saja mengambil tantangan ini
err-already-ruled = tantangan ini sudah diputuskan
err-held-by = tantangan ini dipegang oleh { $who }
err-enter-actual = masukkan skor sebenarnya giliran itu
err-actual-number = skor sebenarnya adalah bilangan bulat
err-say-acceptable = nyatakan apakah kata itu sah
err-pic-only = hanya PIC acara ini yang boleh melihat dan memutuskan tantangan
err-no-challenge = tantangan tidak ditemukan
err-committee-only = hanya komite acara yang boleh mencatat diskualifikasi dan walkout
err-choose-match = pilih pertandingan
err-no-match-here = pertandingan itu tidak ada di acara ini
err-no-team-here = tim itu tidak ada di acara ini
err-no-record = tidak ada catatan seperti itu untuk tim ini
err-record-corrected = catatan itu sudah dikoreksi
err-team-not-in-match = tim itu tidak bermain di pertandingan ini
err-walkout-match = walkout terjadi di sebuah pertandingan: pilih pertandingannya
err-side-no-team = pihak itu bermain tanpa data tim; register mencatat tim
err-no-log-event = log pertandingan tidak punya peristiwa seperti itu untuk dibatalkan
err-directors-only = hanya direktur yang boleh melihat daftar acara
err-new-event-admin = acara baru dibuat oleh administrator atau direktur semua acara: hubungi administrator
err-choose-team = pilih tim
err-table-number = nomor meja dimulai dari 1
err-team-itself = tim tidak bisa melawan dirinya sendiri
err-two-teams = acara butuh sedikitnya dua tim untuk memasangkan babak
err-round-line = babak butuh sedikitnya satu baris
err-table-too-large = nomor meja terlalu besar
err-line-no-team = baris { $line }: tidak ada tim bernama { $name }
err-choose-method = pilih round robin, Swiss atau manual
err-captain-named = kapten harus salah satu nama yang diberikan
err-team-exists = tim bernama { $name } sudah ada di acara ini
err-team-size = tim terdiri dari dua pemain dan paling banyak dua cadangan
err-no-account-name = tidak ada akun dengan nama itu
err-holds-role = { $name } sudah memegang peran ini
err-csv-empty = CSV tidak berisi tim
err-csv-rows = { $n } baris bermasalah, jadi tidak ada yang diimpor: { $rows }
err-words-empty = daftar kata tidak berisi kata
err-words-bad = daftar kata punya { $n } baris salah: { $lines }
err-lexicon-name = nama leksikon terdiri dari 1 sampai 40 huruf, angka, '-', '_' atau '.'
err-lexicon-bundled = { $name } adalah daftar bawaan; beri nama lain untuk daftar yang diunggah
err-lexicon-missing = daftar kata acara ({ $name }) belum diunggah: direktur mengunggahnya di halaman daftar kata acara
err-sign-in-event = masuk untuk melihat acara ini
err-sign-in-match = masuk untuk melihat pertandingan ini
err-event-private = acara ini tidak publik
err-match-private = pertandingan ini tidak publik
err-account-gone = akun ini sudah tidak ada
err-account-disabled = Akun ini dinonaktifkan. Hubungi administrator
err-too-many-sign-ins = Terlalu banyak yang masuk bersamaan. Coba lagi sebentar lagi
err-sign-in-locked = Terlalu banyak percobaan masuk gagal untuk akun ini atau dari alamat ini. Coba lagi dalam { $n } detik
err-csrf = Formulir ini kedaluwarsa atau berasal dari situs lain (token CSRF hilang atau salah). Muat ulang halaman dan coba lagi
err-password-wrong = kata sandi saat ini salah
err-disable-self = Anda tidak bisa menonaktifkan akun Anda sendiri
err-username-taken = nama pengguna { $name } sudah dipakai
err-username-shape = nama pengguna terdiri dari 3 sampai 40 huruf, angka, titik, tanda hubung atau garis bawah
err-too-long = { $field } paling banyak { $max } byte
err-control-chars = { $field } tidak boleh berisi karakter kontrol
err-no-account = akun tidak ditemukan
err-no-event = acara tidak ditemukan
err-no-page = Tidak ada halaman di alamat ini
err-not-in-line = ubin-ubin baru tidak semuanya dalam satu baris atau satu kolom
err-gap = ada celah di { $square } di antara ubin-ubin baru
err-two-on-square = dua ubin dipasang di { $square }
err-match-not-created = pertandingan belum dibuat
err-match-created = pertandingan sudah dibuat

## Refusals of the services (issue 15): web::messages::services::SERVICE_REFUSALS
err-minutes-per-player = 1 sampai { $max } menit per pemain
err-text-length = { $field } berisi 1 sampai { $max } karakter
err-printable-40 = { $field } paling banyak 40 karakter yang dapat dicetak
err-control-chars-long = { $field } tidak boleh berisi karakter kontrol (baris baru, tab, NUL) atau pembalik arah teks
err-t-file-size = berkas .t paling besar 1 MiB
err-captain-team = hak kapten harus menyebut timnya
err-division-size = satu divisi paling banyak 1000 pemain
err-match-ruleset = pertandingan di luar acara memerlukan aturan main
err-new-event-lexicon = acara baru memakai daftar enable2k bawaan; unggah daftar kata lain ke acara setelah membuatnya
err-player-number = nomor pemain mulai dari 1
err-prepared-turns = permainan siapan berisi 1 sampai { $max } giliran
err-prepared-twice = permainan siapan sudah diimpor ke permainan ini
err-rating-range = rating dari 0 (tanpa rating) sampai 4000
err-table-grant = hak perangkat meja harus menyebut nomor mejanya
err-variant-shape = varian ditulis leksikon.mode.waktu, mis. enable2k.dictionary.regular
err-word-list-size = daftar kata paling besar { $n } MiB
err-idempotency-length = kunci idempotensi berisi 1 sampai { $n } karakter
err-idempotency-printable = kunci idempotensi berisi 1 sampai { $n } karakter yang dapat dicetak
err-max-rounds = paling banyak 100 babak
err-max-words = paling banyak 20 kata
err-lines-size = paling banyak 64 KiB baris
err-overtime-points = paling banyak { $n } poin per menit kelebihan waktu
err-pairing-method = pilih round_robin, swiss atau manual
err-event-format = pilih beregu 2 lawan 2 (team-2v2) atau perorangan (individual)
err-duplicate-not-match = acara { $id } adalah acara Duplikat: permainannya dijalankan dari konsol wasit, bukan sebagai pertandingan
err-field-why = kolom `{ $field }`: { $why }
err-0-1000 = dari 0 sampai 1000
err-prize-places = 1 sampai 100 tempat berhadiah
err-team-or-name = berikan team_id atau nama (1-100 karakter)
err-both-scores = berikan kedua skor
err-record-kind-2 = jenisnya diskualifikasi atau walkout
err-record-kind-3 = jenisnya diskualifikasi, walkout atau penarikan (withdrawal)
err-csv-quote = baris { $n }: kolom berkutip tidak ditutup
err-line-why = baris { $n }: { $why }
err-no-duplicate-event = tidak ada acara Duplikat { $id }
err-no-duplicate-game = tidak ada permainan Duplikat { $id }
err-no-account-named = tidak ada akun bernama { $name }
err-no-account-id = tidak ada akun { $id }
err-no-division = tidak ada divisi { $id }
err-no-event-id = tidak ada acara { $id }
err-no-game-at-table = tidak ada permainan di meja { $table } pada babak { $round }
err-no-game = tidak ada permainan { $id }
err-no-grant-in-event = tidak ada hak { $grant } di acara { $id }
err-no-grant = tidak ada hak { $grant }
err-no-individual-event = tidak ada acara perorangan { $id }
err-no-match = tidak ada pertandingan { $id }
err-no-language = tidak ada halaman dalam bahasa { $code }: pilih en, id atau fr
err-no-player-in-division = tidak ada pemain { $n } di divisi ini
err-no-prepared = tidak ada permainan siapan yang diimpor ke permainan { $id }
err-no-round = tidak ada babak { $round } di acara { $id }
err-no-seek = tidak ada tawaran permainan { $id }
err-no-file = berkas tidak ada
err-no-such-language = bahasa tidak dikenal
err-no-such-player = pemain tidak dikenal
err-no-team = tidak ada tim { $id }
err-decline-not-yours = hanya pemain yang ditantang yang dapat menolak tantangan
err-agree-end-racks = hanya rak akhir (adjust_racks) yang disetujui kedua pihak
err-gcg-director = hanya direktur acara yang dapat mengimpor catatan GCG
err-slip-who = hanya direktur acara atau perangkat meja yang mengisi slip ini
err-online-not-player = hanya pemain permainan ini yang dapat melangkah
err-preview-who = hanya meja dan petugas yang dapat melihat pratinjau langkah
err-seek-not-yours = hanya yang menawarkan permainan yang dapat menariknya
err-already-withdrawn = pemain { $n } sudah mengundurkan diri
err-player-not-paired = pemain { $n } tidak ada di baris mana pun
err-t-name = pemain { $n }: bukan nama
err-t-rating = pemain { $n }: rating tidak terbaca
err-player-number-taken = nomor pemain { $n } sudah dipakai di acara ini
err-print-order = cetak pasangan per meja atau menurut abjad
err-record-other-match = catatan { $n } menyangkut pertandingan lain
err-record-kind-back = catatan { $n } berjenis { $kind }: sebut jenis itu (atau withdrawal) untuk menariknya kembali
err-registration-closed = pendaftaran ditutup; mintalah akun kepada administrator
err-role-name = peran harus director, committee, pic, captain, table, referee atau arbitrator
err-round-has-results = babak { $round } sudah ada hasilnya: tidak bisa dipasangkan lagi
err-round-not-paired = babak { $round } belum dipasangkan
err-round-missing-results = babak { $round } masih kurang hasil: { $list }
err-who-confirms = sebutkan pemain mana yang mengonfirmasi
err-who-enters = sebutkan pemain mana yang mengisi
err-scores-or-confirm = skor atau konfirmasi
err-body-type = kirim isi permintaan sebagai { $type }
err-team-not-in-event = tim { $id } tidak ada di acara ini
err-exists = itu sudah ada ({ $what })
err-idempotency-reused = kunci idempotensi itu sudah dipakai untuk perintah lain
err-bearer = header Authorization harus `Bearer <token>`
err-csv-unreadable = CSV tidak dapat dibaca: { $why }
err-csv-size = CSV lebih besar dari { $n } KiB
err-json-unreadable = isi JSON tidak dapat dibaca: { $why }
err-json-invalid = isi JSON tidak valid: { $why }
err-division-empty = divisi tidak punya pemain untuk dipasangkan
err-division-exists = acara sudah punya divisi { $name }
err-word-list-missing = daftar kata { $name } acara ini belum diunggah
err-t-rounds = berkas berisi { $n } babak, rencananya lebih sedikit
err-form-unreadable = formulir tidak dapat dibaca: { $why }
err-form-invalid = formulir tidak valid: { $why }
err-form-size = formulir terlalu besar
err-prepared-started = permainan sudah dimulai: permainan siapan diimpor sebelum rak pertamanya
err-game-seq = permainan ada di urutan { $now }, bukan { $seq }; muat ulang dan coba lagi
err-game-moved = permainan sudah berlanjut saat ini diputuskan; muat ulang dan coba lagi
err-overrides-json = pengaturan khusus bukan JSON yang valid: { $why }
err-body-size = isi permintaan terlalu besar
err-ruleset-object = aturan main berupa objek JSON
err-seek-state = tawaran permainan ini sudah tidak terbuka ({ $state })
err-seek-gone = tawaran permainan sudah diambil atau ditarik sementara itu
err-upload-unreadable = unggahan tidak dapat dibaca: { $why }
err-challenge-no-queue = tantangan ini tidak termasuk antrean acara mana pun
err-challenge-other-player = tantangan ini untuk pemain lain
err-t-export = divisi ini tidak dapat ditulis sebagai berkas .t: { $why }
err-key-match = kunci ini sudah membuat pertandingan { $id }, di meja atau babak lain
err-key-record = kunci ini sudah mencatat catatan { $id }, untuk tim lain
err-sheet-mode-enter = pertandingan ini dicatat dalam mode lembar: isi kata dan skornya
err-sheet-mode-export = pertandingan ini dicatat dalam mode lembar; tidak ada papan untuk diekspor
err-unknown-tile-set = set ubin tidak dikenal { $name }
err-own-seek = Anda tidak dapat menerima tawaran permainan Anda sendiri
err-challenge-self = Anda tidak dapat menantang diri sendiri
err-max-200 = paling banyak 200 karakter
err-one-line = satu baris teks
err-no-word-list-site = tidak ada daftar kata { $name } di situs ini
err-quoted-field = kolom berkutip tidak ditutup

## Refusals of the formats' rules (issue 15): web::messages::formats::FORMAT_REFUSALS
err-word-char = '{ $ch }' dalam kata bukan huruf atau '.'
err-not-letter = '{ $ch }' bukan huruf A-Z
err-not-position = '{ $pos }' bukan posisi: seharusnya { $form }
err-not-tile = '{ $ch }' bukan ubin (pakai A-Z, atau ? untuk blank)
err-game-not-finished = permainan belum selesai
err-off-board = { $word } dari { $start } keluar dari papan
err-word-list-lines = { $n } baris daftar kata bukan kata, yang pertama: { $first }
err-glicko-number = { $name } harus bilangan terhingga (deviasi dan tau di atas 0)
err-t-scores = { $n } skor untuk { $m } babak yang dipasangkan
err-not-whole = { $field }: { $value } bukan bilangan bulat
err-plan-empty = rencana pemasangan memerlukan paling sedikit satu rentang babak
err-score-range = skor harus antara -1000 dan 2000
err-t-empty-field = kolom kosong setelah ';'
err-word-set = kumpulan kata tidak dapat dibangun: { $why }
err-word-list-read = daftar kata tidak dapat dibaca: { $why }
err-club-other-game = klub { $club } tidak memainkan permainan yang sama (top atau aturannya berbeda)
err-column-off = kolom { $c } di luar papan
err-duplicate-ruleset = aturan Duplikat tidak sesuai: { $why }
err-duplicate-option = opsi aturan Duplikat { $option }: { $why }
err-rows-15 = seharusnya 15 baris, ditemukan { $n }
err-game-entered = permainan { $a } lawan { $b } sudah diisi { $sa }-{ $sb }
err-game-self = permainan { $n }: pemain tidak dapat melawan dirinya sendiri
err-game-player-division = permainan { $n }: pemain { $p } tidak ada di divisi
err-letter-twice = huruf { $l } tercantum dua kali
err-winner-totals = pertandingan { $a } lawan { $b }: pemenang yang disebut tidak sesuai dengan total
err-t-no-name = tidak ada nama pemain
err-t-no-rating = tidak ada rating setelah nama
err-no-repeat-free = tidak ada babak tanpa pasangan berulang ({ $n } pengulangan paling sedikit)
err-nothing-to-confirm = belum ada skor untuk dikonfirmasi
err-graph-header = bukan berkas graf kata (header salah)
err-nothing-to-undo = tidak ada yang dapat dibatalkan
err-no-game-this-round = pemain { $p } tidak bermain di babak ini
err-not-in-division = pemain { $p } tidak ada di divisi ini
err-seeded-twice = pemain { $p } diunggulkan dua kali
err-wrong-opponent = pemain { $p } melawan { $paired } di babak ini, bukan { $given }
err-prepared-fit = permainan siapan tidak sesuai: { $why }
err-prepared-version = versi permainan siapan { $v } tidak didukung
err-rack-not-tile = rak { $n }: '{ $ch }' bukan ubin (pakai A-Z, atau ? untuk blank)
err-rack-over-7 = rak { $n }: { $k } ubin, satu rak paling banyak 7
err-rack-no-such-tile = rak { $n }: tidak ada ubin { $t } di set ubin { $set }
err-rr-fixed = babak { $r } adalah babak round-robin: jadwalnya tidak dapat diubah
err-round-not-in-plan = babak { $r } tidak ada di rencana pemasangan
err-round-by-hand = babak { $r } dipasangkan manual: berikan pasangannya
err-round-self = babak { $r }: pemain tidak dapat melawan dirinya sendiri
err-t-opponent = babak { $r }: lawan { $o } bukan pemain divisi ini ({ $n } pemain)
err-t-mismatch = babak { $r }: melawan { $o }, yang barisnya berisi { $x } untuk babak itu
err-row-off = baris { $r } di luar papan
err-board-char = baris { $r }, kolom { $c }: '{ $ch }' bukan ubin (pakai . untuk kosong, A-Z, a-z untuk blank)
err-board-no-such-tile = baris { $r }, kolom { $c }: tidak ada ubin { $t } di set ubin { $set }
err-row-15 = baris { $r }: seharusnya 15 petak, ditemukan { $n }
err-not-on-your-rack = { $tiles } tidak ada di rak Anda { $rack }
err-gcg-line-n = baris GCG { $n }: { $why }
err-redraws = { $n } kali tarik ulang tidak memenuhi syarat; tarik manual
err-none-left = tidak ada { $t } tersisa untuk ditarik (sisa { $left })
err-game-goes-on = permainan berlanjut: rak masih dapat ditarik dan dimainkan
err-d3-constraint = rak berisi { $v } vokal dan { $c } konsonan, perlu paling sedikit { $min } masing-masing; kembalikan semua ubin dan tarik lagi
err-rack-size = rak harus berisi { $n } ubin, bukan { $got }
err-d3-impossible = ubin yang tersisa tidak dapat membentuk rak dengan { $v } vokal dan { $c } konsonan; permainan selesai
err-not-in-game = pemain { $n } tidak ada di permainan ini
err-turn-not-started = giliran { $n } belum dimulai
err-d6-tie = { $n } langkah sama-sama top; wasit memilih yang paling membuka permainan
err-d6-choice = pilihan { $n } bukan salah satu dari { $k } top yang sama
err-d6-no-play = tidak ada langkah dengan rak ini; akhiri permainan
err-o1-nothing = mode kamus memeriksa kata saat dimasukkan; tidak ada yang dapat ditantang
err-o1-not-word = tidak ada di kamus: { $words }
err-cannot-now = tidak dapat { $action } sekarang ({ $phase })
err-ruleset-option = opsi aturan { $option }: { $why }
err-ruleset-override = pengubahan aturan tidak sesuai: { $why }
err-online-side = pihak { $side } bukan pemain permainan ini atau tidak boleh melakukannya sekarang
err-slip-field = kolom { $field } pada slip: { $why }
err-stretch-order = rentang { $i } berakhir (babak { $last }) sebelum dimulai (babak { $first })
err-stretch-start = rentang { $i } harus dimulai di babak { $expected }, bukan { $got }
err-table-twice = meja { $n } dipakai dua kali
err-tables-from-1 = meja diberi nomor mulai dari 1
err-team-twice = tim { $n } muncul lebih dari sekali
err-team-self = tim { $n } tidak dapat melawan dirinya sendiri
err-t-name-chars = nama tidak boleh berisi ';' atau baris baru
err-position-empty = posisi kosong
err-slip-final = slip sudah final: hanya direktur yang dapat mengubahnya
err-graph-corrupt = graf kata rusak: { $why }
err-word-list-empty = daftar kata kosong
err-graph-size = daftar kata terlalu besar untuk graf kata ({ $n } busur)
err-no-tile-in-set = tidak ada { $t } di set ubin ini
err-tops-differ = giliran { $n }: top berbeda dari yang tercatat (apakah daftar katanya sama?)
err-turn-why = giliran { $n }: { $why }
err-quick-line = tulis satu baris sebagai: pemain skor lawan skor
err-team-not-in-event-n = tim { $n } tidak ada di acara ini

## indiv
indiv-division = Divisi { $name }
indiv-results-csv = Hasil (CSV)
indiv-export-t = Berkas TSH (.t)
indiv-standings = Klasemen
indiv-player = Pemain
indiv-wins = Menang
indiv-spread = Selisih
indiv-rating = Rating
indiv-estimate = Perkiraan rating
indiv-change = Perubahan
indiv-withdrawn = mengundurkan diri
indiv-round = Babak { $round }
indiv-table = Meja
indiv-first = Jalan pertama
indiv-second = Jalan kedua
indiv-bye = Bye

## inddesk
indd-entry-title = Divisi { $division }, babak { $round }: hasil
indd-entry-help = Satu permainan per baris: nomor pemain, skor, nomor lawan, skor. Contoh:
indd-recorded = { $count } permainan tercatat.
indd-lines = Hasil
indd-record = Simpan
indd-missing = Hasil yang belum masuk
indd-all-in = Semua hasil babak ini sudah masuk.
err-indd-syntax = tulis satu baris sebagai: pemain skor lawan skor
err-indd-unknown = pemain { $player } tidak ada di divisi ini
err-indd-no-game = pemain { $player } tidak bermain di babak ini
err-indd-wrong-opponent = pemain { $player } melawan { $paired } di babak ini, bukan { $given }
err-indd-twice = permainan { $a } lawan { $b } sudah tercatat { $scores }
err-indd-score-range = skor harus antara -1000 dan 2000
## onlinepages
nav-online = Main daring
online-lobby = Permainan daring
online-leaderboard = Papan peringkat
online-register = Daftar
online-registration-closed = Pendaftaran ditutup. Mintalah akun kepada administrator.
online-offer = Tawarkan permainan
online-offer-button = Tawarkan
online-lexicon = Daftar kata
online-tile-set = Set ubin
online-tiles-english = Inggris
online-mode = Mode
online-mode-challenge = Mode tantangan
online-challenge-rule = Aturan tantangan
online-rule-dictionary = Mode kamus
online-rule-double = Tantangan ganda
online-rule-single = Tantangan tunggal
online-rule-void = Batal
online-rule-five-point = Penalti 5 poin
online-rule-ten-point = Penalti 10 poin
online-minutes-per-player = Menit per pemain
online-minutes = { $n } mnt
online-at-zero = Saat nol
online-at-zero-overtime = Penalti kelebihan waktu
online-overtime-points = −{ $points } per menit lewat
online-loss-on-time = Kalah karena waktu
online-points-per-minute = Poin per menit lewat
online-rated = Berperingkat
online-casual = Santai
online-opponent = Tantang pemain tertentu (opsional)
online-my-games = Permainan saya
online-challenges-to-me = Tantangan untuk saya
online-open-seeks = Tawaran terbuka
online-my-seeks = Tawaran saya
online-watch = Permainan untuk ditonton
online-none = Tidak ada.
online-accept = Terima
online-decline = Tolak
online-cancel = Tarik
online-to-player = kepada { $name }
online-your-turn = Giliran Anda
online-to-move = Giliran { $name }
online-won = Permainan selesai: { $name } menang
online-drawn = Permainan selesai: seri
online-rack-tiles = { $n } ubin
online-bag = Kantong: { $n }
online-exchanged = menukar { $n }
online-passed = lewat
online-lost-turn = kehilangan giliran
online-withdrawn = ditarik
online-preview = { $move } bernilai { $score }
online-blank-letter = Huruf untuk ubin kosong?
online-resign-sure = Menyerah dalam permainan ini?
online-rating-change = { $name }: peringkat { $before } → { $after }
online-play = Main
online-recall = Tarik kembali
online-direction = Mendatar / menurun
online-shuffle = Acak
online-exchange = Tukar
online-exchange-confirm = Tukar ubin terpilih
online-pass = Lewat
online-hold = Tahan
online-challenge = Tantang
online-accept-play = Terima langkah
online-resign = Menyerah
online-spectating = Anda menonton permainan ini.
online-unseen = belum terlihat:
online-ratings = Peringkat
online-variant = Varian
online-deviation = Deviasi
online-games = Permainan
online-game = Permainan
online-rating-history = Riwayat peringkat
online-before = Sebelum
online-after = Sesudah
online-finished = selesai
err-online-players-only = hanya pemain permainan ini yang boleh melangkah
err-online-moved-on = permainan sudah berlanjut saat ini diputuskan; muat ulang dan coba lagi
err-online-not-in-dictionary = tidak ada di kamus: { $words }
err-online-nothing-to-challenge = mode kamus memeriksa kata saat dimasukkan; tidak ada yang bisa ditantang
err-online-not-on-rack = { $missing } tidak ada di rak Anda { $rack }
err-online-not-a-player = sisi { $side } bukan pemain permainan ini atau tidak boleh melakukannya sekarang
err-registration-limit = terlalu banyak akun didaftarkan dari alamat ini; coba lagi nanti
## onlinecore
analysis-online-title = Permainan { $id }: analisis
analysis-back = Permainan { $id }
analysis-lead = Setiap langkah dibandingkan dengan langkah terbaik di posisinya, beserta selisih poinnya.
analysis-upload-title = Analisis permainan
analysis-upload-lead = Tempel catatan GCG atau pilih berkas: setiap langkah dibandingkan dengan langkah terbaik di posisinya (daftar kata bawaan).
analysis-file = Berkas GCG
analysis-gcg = Catatan GCG
analysis-submit = Analisis
analysis-player = Pemain
analysis-rack = Rak
analysis-move = Langkah
analysis-score = Skor
analysis-top = Langkah terbaik
analysis-top-score = Skor terbaik
analysis-difference = Selisih
analysis-totals = Total per pemain
analysis-moves = Langkah
analysis-found-top = Langkah terbaik ditemukan
analysis-none = tidak ada
analysis-pass = lewat
analysis-withdrawn = ditarik
analysis-phony = kata tidak sah
analysis-unplaceable = tidak dapat dipasang
analysis-not-recorded = rak tidak dicatat
analysis-tied = (+{ $n } seri)
err-gcg-empty = Tempel atau unggah catatan GCG.
err-gcg-too-big = Catatan lebih dari { $max } bita; paling banyak { $moves } langkah dianalisis.
err-gcg-tiles = Distribusi ubin catatan tidak dikenal (english, french atau indonesian).
err-gcg-too-many = Catatan berisi { $n } langkah; paling banyak { $max } yang dianalisis.
err-online-tile-set = Set ubin tidak ada: english, french atau indonesian.
err-online-lexicon = Tidak ada daftar kata { $name } di situs ini: { $default }, atau daftar yang diunggah untuk sebuah acara.
## indpub
home-your-pages = Halaman Anda
home-events = Turnamen
home-no-events = Belum ada turnamen publik.
home-format-team = Turnamen beregu
home-format-individual = Turnamen perorangan
home-format-duplicate = Duplikat
home-created = dibuat { $date }
home-not-started = belum dimulai
home-rounds = { $count } babak
home-games = { $count } permainan
home-private = privat
indp-pairings = Pasangan
indp-results = Hasil
indp-printable = Versi cetak
indp-not-started = Belum ada babak yang dipasangkan
indp-round-of = Babak { $round } dari { $rounds }
indp-standings-title = Klasemen, divisi { $division } · { $event }
indp-pairings-title = Pasangan, divisi { $division } · { $event }
indp-results-title = Hasil, divisi { $division } · { $event }
indp-club-title = Klub { $club }
indp-record = Menang–kalah
indp-gibsonized = Gibsonisasi
indp-score = Skor
indp-winner = Pemenang
indp-tie = Seri
indp-pending = Menunggu hasil
indp-by-table = Per meja
indp-alphabetical = Menurut abjad
indp-opponent = Lawan
indp-goes-first = jalan pertama
indp-goes-second = jalan kedua
indp-rank = Peringkat
indp-club = Klub
indp-round-col = Babak
indp-side = Giliran
indp-rating-change = Perubahan rating
indp-forfeit = walkover
## dupc
dupc-prepared-choice = pilihan permainan yang disiapkan
dupc-phone-title = Slip Anda · permainan { $game }
dupc-phone-login-help = Ketik nomor pemain Anda dan PIN yang tercetak di kartu meja Anda.
dupc-pin = PIN
dupc-phone-open = Buka slip saya
dupc-phone-send = Kirim slip saya
dupc-phone-sent = Terkirim. Anda boleh mengubahnya sampai waktu habis.
dupc-phone-entry = Slip Anda:
dupc-phone-closed = Waktu habis: slip Anda terkunci.
dupc-phone-waiting = Tunggu wasit memulai giliran.
dupc-phone-unreachable = Server tidak terjangkau: periksa Wi-Fi lalu kirim lagi.
dupc-phone-nothing-yet = Belum ada isian untuk giliran ini.
dupc-phone-leave = Bukan saya: tutup slip ini
dupc-phone-entries = Diisi pemain dari ponsel mereka
dupc-phone-entries-help = Diperiksa seperti slip Anda saat wasit menampilkan top. Ambil alih untuk mengoreksi: slip Anda dicatat sebagai catatan baru.
dupc-entered = Diisi
dupc-not-checked = belum diperiksa
dupc-take-over = Ambil alih
dupc-phone-slips = Slip dari ponsel
dupc-phone-slips-on = pemain mengisi slip sendiri (nomor dan PIN kartu meja)
dupc-phone-slips-off = tidak (arbiter mengisi slip)
dupc-phone-link = Halaman slip ponsel
err-dupc-time-up = Waktu habis untuk giliran { $turn }: slip Anda tidak dicatat
err-dupc-phone-off = Acara ini tidak menerima slip dari ponsel pemain
err-dupc-pin = Nomor pemain dan PIN ini tidak cocok: periksa kartu meja Anda
err-dupc-no-turn = Tidak ada giliran berjalan: tunggu wasit memulai giliran berikutnya
err-dupc-reference = Tulis referensinya, misalnya H8
err-dupc-word = Tulis kata dengan huruf (blank dengan huruf kecil)
err-dupc-points = Poin paling banyak 2000

## inddir
inddir-new-title = Turnamen perorangan baru
inddir-format = Turnamen perorangan
inddir-dashboard-link = Divisi, pemain, dan babak
inddir-options = Bye, walkover, dan pengunduran diri
inddir-bye-spread = Selisih bye
inddir-forfeit-spread = Selisih walkover
inddir-withdrawn-question = Jika pemain mengundurkan diri, permainannya yang belum ada hasilnya dihitung sebagai:
inddir-withdrawn-forfeit = kalah walkover (lawan menang dengan selisih walkover)
inddir-withdrawn-bye = bye bagi lawannya
inddir-bye-counts = Bye dihitung menang dengan selisih { $spread }.
inddir-forfeit-counts = Walkover dihitung menang { $spread } bagi lawan dan kalah { $spread } bagi pemain.
inddir-withdrawal-forfeits = Permainan tanpa hasil dari pemain yang mundur kalah walkover (−{ $spread }); ia tidak dipasangkan lagi.
inddir-withdrawal-byes = Permainan tanpa hasil dari pemain yang mundur menjadi bye bagi lawannya (+{ $spread }); ia tidak dipasangkan lagi.
inddir-public-page = Halaman publik
inddir-tourney-js = Liputan langsung (tourney.js)
inddir-roles-language = Peran dan bahasa
inddir-divisions = { $count ->
   *[other] { $count } divisi
}
inddir-no-divisions = Belum ada divisi: tambahkan di bawah, atau impor berkas TSH.
inddir-division = Divisi
inddir-plan = Rencana pemasangan
inddir-plan-help = Satu baris per rangkaian babak, mis. babak 1 sampai 7 round robin, 8 sampai 14 Swiss, 15 king of the hill. Kosongkan baris yang tidak dipakai.
inddir-from-round = Dari babak
inddir-to-round = sampai babak
inddir-method = Dipasangkan dengan
inddir-method-name = { $method ->
    [round_robin] round robin
    [swiss] Swiss
    [king_of_the_hill] king of the hill
   *[manual] manual
}
inddir-gibson = Gibsonisasi
inddir-gibson-prizes = Jumlah juara yang dilindungi
inddir-gibsonized = Gibsonisasi untuk { $prizes } juara
inddir-rounds-paired = Babak dipasangkan
inddir-new-division = Divisi baru
inddir-create-division = Buat divisi
inddir-import = Impor berkas divisi TSH (.t)
inddir-import-help = Divisi baru dengan pemain, rating, pasangan, dan skor dari berkas; rencana mencakup semua babak, termasuk yang ada di berkas.
inddir-t-file = Berkas
inddir-t-text = Isi berkas .t
inddir-import-button = Impor divisi
inddir-links = Halaman divisi
inddir-back-to-event = Acara dan divisi
inddir-back-to-division = Kembali ke divisi
inddir-missing-count = { $count ->
   *[other] { $count } hasil belum masuk
}
inddir-quick-entry = Masukkan hasil babak { $round }
inddir-change-pairings = Ubah pasangan babak { $round }
inddir-pair-round = Pasangkan babak { $round } ({ $method })
inddir-pair-by-hand = Pasangkan babak { $round } secara manual
inddir-plan-done = Semua babak dalam rencana sudah dipasangkan.
inddir-exports = Ekspor dan cetak
inddir-standings-csv = Klasemen (CSV)
inddir-print-standings = Cetak klasemen
inddir-print-pairings = Cetak pasangan
inddir-print-results = Cetak hasil
inddir-players = { $count ->
   *[other] { $count } pemain
}
inddir-no-players = Belum ada pemain.
inddir-rating-id = ID rating
inddir-rating-system = Sistem rating
inddir-status = Status
inddir-late-entry = masuk terlambat mulai babak { $round }
inddir-withdrawn-from = mundur mulai babak { $round }
inddir-reason = Alasan
inddir-take-back = Batalkan pengunduran diri
inddir-withdraw = Mundurkan…
inddir-withdraw-button = Mundurkan pemain ini
inddir-effect-forfeits = { $count ->
    [0] Tidak ada permainannya yang menunggu hasil.
   *[other] { $count } permainannya yang belum ada hasilnya akan kalah walkover (−{ $spread }).
} Ia tidak akan dipasangkan lagi.
inddir-effect-byes = { $count ->
    [0] Tidak ada permainannya yang menunggu hasil.
   *[other] Lawannya dalam { $count } permainan tanpa hasil mendapat bye (+{ $spread }).
} Ia tidak akan dipasangkan lagi.
inddir-late-hint = Babak sudah dipasangkan: pemain yang ditambahkan sekarang masuk terlambat dan bermain mulai babak { $round }.
inddir-withdrawals = Pengunduran diri
inddir-record = Catatan
inddir-taken-back = pengunduran diri dibatalkan
inddir-when = Waktu
inddir-override-help = Ubah lawan: setiap pemain babak ini harus ada di satu baris; baris dengan satu pemain adalah bye.
inddir-fix-help = Baris yang Anda berikan dipertahankan dan rencana memasangkan sisanya (babak manual memerlukan semua baris).
inddir-line = Baris
inddir-line-first = Baris { $line }: nomor pemain pertama
inddir-line-second = Baris { $line }: nomor lawan
inddir-bye-hint = Nomor pemain seperti di daftar; kosongkan lawan untuk bye.
inddir-save-pairings = Simpan pasangan babak { $round }
inddir-pair-with-lines = Pasangkan babak { $round } dengan baris ini
inddir-flash-event = Acara { $name } dibuat: tambahkan divisinya.
inddir-flash-division = Divisi { $name } dibuat.
inddir-flash-imported = Divisi { $name } diimpor dengan { $players } pemain.
inddir-flash-player = { $name } ditambahkan dengan nomor { $number } (bermain mulai babak { $round }).
inddir-flash-withdrawn = { $name } mundur mulai babak { $round }.
inddir-flash-taken-back = Pengunduran diri { $name } dibatalkan.
inddir-flash-paired = Babak { $round } dipasangkan.
inddir-flash-pairings-saved = Pasangan babak { $round } disimpan.
err-inddir-not-withdrawn = pemain { $n } tidak mengundurkan diri
err-inddir-self = pemain { $p } tidak bisa melawan dirinya sendiri
err-inddir-withdrawn = pemain { $p } mundur mulai babak { $r }
err-inddir-not-yet = pemain { $p } bermain mulai babak { $r }
err-inddir-twice = pemain { $p } muncul lebih dari sekali
err-inddir-round-number = babak adalah bilangan bulat mulai dari 1
err-inddir-method = pilih cara babak dipasangkan
err-inddir-withdrawn-games = pilih walkover atau bye
## indslip
inds-title = Slip hasil Anda
inds-login-help = Ketik nomor pemain Anda dan PIN yang diberikan direktur.
inds-open = Buka slip saya
inds-round = Babak
inds-you = Anda
inds-send = Kirim skor
inds-correct = Koreksi skor
inds-confirm = Konfirmasi skor ini
inds-details = Blank, kata yang ditantang, kata tertinggi, penalti waktu
inds-blanks = Blank (huruf yang dimainkan)
inds-challenged = Kata yang ditantang
inds-high-word = Kata dengan skor tertinggi
inds-high-score = Skornya
inds-time-penalty = Penalti waktu
inds-corrections = koreksi:
inds-state-nothing = Belum ada isian: masukkan kedua skor.
inds-state-to-confirm = Lawan Anda memasukkan skor ini: konfirmasi atau koreksi.
inds-state-waiting = Anda memasukkan skor ini: menunggu konfirmasi lawan.
inds-state-final = Final: kedua pemain sudah mengonfirmasi. Kini hanya direktur yang dapat mengubahnya.
inds-bye = Anda mendapat bye di babak ini.
inds-no-game = Anda tidak bermain di babak ini.
inds-not-paired = Belum dipasangkan.
inds-sent = Terkirim.
inds-confirmed = Terkonfirmasi.
inds-sheet-title = Lembar pasangan dengan PIN · divisi { $division }
inds-sheet-warning = Hanya untuk direktur: jangan ditempel. PIN memungkinkan pemiliknya memasukkan dan mengonfirmasi hasilnya; berikan kartu masing-masing kepada setiap pemain.
inds-sheet-url = Pemain memasukkan hasil di
inds-sheet-link = Lembar pasangan dengan PIN
inds-sheet-players = Kartu pemain
inds-leave = Bukan saya: tutup slip ini
err-pin-throttled = Terlalu banyak PIN salah: coba lagi dalam { $minutes } menit, atau minta PIN Anda kepada direktur
err-inds-pin = Nomor pemain dan PIN ini tidak cocok: minta PIN Anda kepada direktur
err-inds-not-yours = Ini bukan permainan Anda: buka slip meja Anda sendiri
err-inds-changed = Skor berubah sejak Anda melihatnya: periksa lagi
err-inds-word = Kata paling panjang 15 huruf (tanpa angka, spasi, atau tanda)
err-inds-blanks = Blank paling banyak 4 huruf
err-inds-challenged = Paling banyak 20 kata yang ditantang
err-inds-high-score = Skor kata dari 0 sampai 2000
err-inds-penalty = Penalti waktu dari 0 sampai 1000
## onlined
onlined-max-overtime = Kelebihan waktu maksimal (menit)
onlined-overtime-limit = −{ $points } per menit kelebihan, kalah waktu lewat { $max } menit
onlined-checked = diperiksa: { $words }
onlined-check-invalid = tidak sah: { $words }
onlined-check-valid = semua sah
onlined-last-challenge = Tantangan terakhir, { $move }
err-onlined-max-overtime = 1 sampai { $max } menit kelebihan waktu

## indfix
indfix-won = Juara
indfix-clinched = Pasti juara pertama
err-indfix-rr-repeats = tidak ada jadwal babak { $round }-{ $last } yang tidak mengulang pertandingan dalam putaran round-robin ini (pemainnya berubah sejak putaran dimulai): pasangkan babak { $round } secara manual, dengan baris setiap pemain

## tsh
err-t-score-unpaired = babak { $r }: ada skor tetapi tidak ada pasangan (00)
err-t-name-readback = nama tidak boleh berisi ';' atau baris baru, diawali '#' atau diakhiri angka
err-t-not-read-back = baris ini tidak akan terbaca kembali seperti yang ditulis
err-t-latin1 = sebuah nama berisi karakter yang tidak dapat ditulis dalam ISO-8859-1: minta utf-8
err-t-encoding = pengodean harus utf-8 atau latin1

## onl3
err-onl3-seq = seq adalah bilangan bulat mulai 0 (id pesan langsung)

## ind18
ind18-table-division = Divisi (perangkat meja)
ind18-all-divisions = Semua divisi
ind18-err-choose-division = pilih divisi
ind18-err-division-elsewhere = divisi { $n } tidak ada di acara ini
ind18-err-division-not-table = hanya hak perangkat meja yang menyebut divisi

## ratings
indr-err-method = metode rating tidak dikenal { $name }: pilih Glicko-2, NASPA, WESPA, atau ABSP
indr-method = Perkiraan rating
indr-method-help = NASPA, WESPA, dan ABSP: metode resmi sistem rating itu, dihitung seperti TSH. Glicko-2 untuk sistem lain.
indr-method-name = { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}
indr-estimates-by = Perkiraan rating dengan metode { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}; perubahan adalah perkiraan dikurangi rating sebelum turnamen.
indr-set-method = Pakai metode ini
indr-flash-method = Perkiraan rating kini dengan metode { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}.
## ind19
ind19-late-rounds = Babak yang terlewat oleh pemain yang terlambat
ind19-late-rule = { $rule ->
    [forfeit] kalah WO
    [bye] bye
   *[no_game] tanpa pertandingan (cara TSH)
}
ind19-late-rule-short = pendaftar terlambat: { $rule ->
    [forfeit] kalah WO
    [bye] bye
   *[no_game] tanpa pertandingan
}
ind19-late-rule-desk = Babak sebelum babak pertama pemain yang terlambat dihitung sebagai { $rule ->
    [forfeit] kalah WO, masing-masing dengan selisih { $spread }
    [bye] bye, masing-masing +{ $spread }
   *[no_game] tanpa pertandingan: bukan menang dan bukan kalah (cara TSH)
}.
ind19-plan-paired = Seluruh { $rounds } babak dalam rencana sudah dipasangkan: pemain yang ditambahkan sekarang tidak akan bermain, jadi tidak ada yang bisa ditambahkan.
ind19-class = Kelas
ind19-team = Tim
ind19-class-tag = kelas { $class }
ind19-classes = Kelas rating
ind19-all-classes = Semua
ind19-class-standings = Kelas { $class }
ind19-class-rank = ke-{ $rank } di kelas
ind19-err-late-rounds = pilih tanpa pertandingan, kalah WO, atau bye
ind19-err-tsh-text = paling banyak 40 karakter, tanpa karakter kontrol
ind19-err-plan-paired = seluruh { $n } babak dalam rencana sudah dipasangkan: pemain yang ditambahkan sekarang tidak akan bermain
ind19-err-t-text = pemain { $n }: { $field }: paling banyak 40 karakter
ind19-err-no-class = tidak ada kelas rating { $c } di divisi ini
ind19-missed = belum terdaftar
