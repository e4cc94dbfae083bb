/**
 * Seed vocabularies of the simulated network. Kept as space- or pipe-separated strings so the
 * lists stay readable and cheap to extend; order matters (it feeds the seeded draws).
 */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);
const items = (text: string): readonly string[] =>
  text
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

export const firstNames = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
  Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra
  Mark Ashley Steven Emily Andrew Michelle Joshua Amanda Kevin Melissa Brian Rebecca Ryan Laura Jacob
  Emma Olivia Noah Liam Sophia Ava Mia Ethan Lucas Chloe Grace Oliver Harry George Amelia Isla Jack
  Charlotte Freddie Poppy Alfie Evie Archie Lily Leo Ruby Oscar Florence Henry Daisy Arthur Ivy Theo
  Lukas Leon Finn Jonas Paul Felix Maximilian Elias Hannah Lea Lena Anna Marie Sophie Johanna Greta
  Jean Pierre Louis Camille Chloe Manon Hugo Gabriel Juliette Ines Antoine Nicolas Mathilde Clement
  Arjun Aarav Vivaan Aditya Priya Ananya Diya Isha Rohan Rahul Neha Pooja Sanjay Deepak Kavya Vikram
  Wei Jing Li Ming Xiao Hui Yan Lei Fang Jun Hiroshi Yuki Haruto Sakura Takeshi Aiko Kenji Yui Ren
  Minjun Seoyeon Jiwoo Hyun Soyeon Carlos Maria Jose Juan Ana Luis Sofia Diego Valentina Mateo Camila
  Alejandro Lucia Javier Isabella Pablo Martina Andres Gabriela Joao Beatriz Pedro Larissa Rafael
  Fernanda Thiago Mariana Giulia Marco Alessandro Francesca Matteo Chiara Lorenzo Federica Andrea
  Luca Elena Sven Astrid Lars Ingrid Erik Freya Mikael Sanna Johan Elin Piotr Katarzyna Jakub Agnieszka
  Tomasz Zofia Ivan Olga Dmitri Natalia Sergei Anastasia Mehmet Ayse Mustafa Zeynep Emre Elif Omar
  Fatima Ahmed Layla Youssef Amira Hassan Nour Kwame Ama Chinedu Ngozi Tunde Folake Thabo Naledi
  Sipho Zanele Kofi Abena Daniela Noor Aisha Sara Adam Yasmin Tariq Leila Ravi Meera Nikhil Tanvi
`);

export const lastNames = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
  Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Evans Turner Phillips Parker Collins
  Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward
  Cox Richardson Wood Watson Brooks Bennett Gray Hughes Price Sanders Patel Shah Sharma Singh Kumar
  Gupta Mehta Iyer Reddy Nair Chopra Kapoor Desai Joshi Rao Wang Zhang Liu Chen Yang Huang Zhao Wu
  Zhou Xu Sun Ma Zhu Hu Guo Lin Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi
  Kato Kim Park Choi Jung Kang Cho Yoon Jang Lim Han Muller Schmidt Schneider Fischer Weber Meyer
  Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schroder Neumann Braun Zimmermann Kruger
  Hartmann Lange Werner Krause Lehmann Bernard Dubois Durand Lefebvre Leroy Moreau Simon Laurent
  Michel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Roux Rossi Russo
  Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Giordano
  Mancini Silva Santos Oliveira Souza Pereira Lima Carvalho Ferreira Almeida Ribeiro Fernandes Gomes
  Martins Rocha Alves Moreno Jimenez Ruiz Diaz Alvarez Romero Navarro Torres Dominguez Vazquez Castro
  Johansson Andersson Karlsson Nilsson Eriksson Larsson Olsen Hansen Jensen Nielsen Kowalski Nowak
  Wisniewski Wojcik Kaminski Ivanov Petrov Smirnov Popov Sokolov Yilmaz Kaya Demir Sahin Celik
  Hassan Ali Ahmed Ibrahim Mahmoud Khalil Haddad Mansour Okafor Adeyemi Mensah Owusu Nkosi Dlamini
  Mokoena Okonkwo Balogun Abubakar Murray Graham Kennedy Fraser Byrne Walsh OBrien Doyle Quinn
  Novak Horvat Kovac Papadopoulos Georgiou Nikolaidis Jansen Visser Bakker Smit Meijer Janssens
`);

export const jobTitles = items(`
  Software Engineer | Senior Software Engineer | Staff Engineer | Engineering Manager | Head of Engineering |
  CTO | Product Manager | Senior Product Manager | Director of Product | Product Designer | UX Researcher |
  Data Scientist | Data Engineer | Machine Learning Engineer | DevOps Engineer | Site Reliability Engineer |
  Account Executive | Sales Development Representative | Sales Manager | VP of Sales | Head of Growth |
  Marketing Manager | Content Marketing Lead | Demand Generation Manager | Brand Strategist | CMO |
  Customer Success Manager | Solutions Architect | Technical Recruiter | Talent Acquisition Partner |
  HR Business Partner | People Operations Lead | Financial Analyst | Controller | CFO | Accountant |
  Operations Manager | Supply Chain Analyst | Project Manager | Program Manager | Business Analyst |
  Management Consultant | Founder | Co-founder & CEO | Managing Director | Partner | Legal Counsel |
  Research Scientist | Nurse Practitioner | Clinical Research Associate | Teacher | Architect
`);

export const companies = items(`
  Acme Analytics | Northwind Traders | Globex | Initech | Umbrella Health | Stark Logistics | Wayne Capital |
  Hooli | Pied Piper | Vandelay Industries | Soylent Foods | Cyberdyne Systems | Tyrell Labs | Aperture Science |
  Blue Harbor Bank | Redwood Software | Lumen Robotics | Brightpath Learning | Quantix | Helios Energy |
  Nimbus Cloud | Orbital Media | Cobalt Security | Evergreen Retail | Atlas Mobility | Kestrel Aerospace |
  Meridian Consulting | Polaris Pharma | Sapphire Insurance | Granite Construction Group | Lighthouse Ventures |
  Tidewater Shipping | Summit Partners | Falcon Payments | Juniper Health | Marigold Foods | Nova Biotech |
  Vertex Data | Silverline Telecom | Copperleaf Media | Beacon Legal | Harbor & Finch | Bluebird Travel |
  Clearwater Analytics | Ironclad Manufacturing | Sunrise Hospitality | Maple Education | Orchid Design Studio |
  Riverstone Realty | Zenith Automotive | Crescent AI | Fjord Systems | Sakura Digital | Rhine Industrie |
  Loire Conseil | Ganges Tech | Andes Mining | Sahara Solar | Baltic Freight | Danube Finance
`);

export const industries = items(`
  Software Development | IT Services and IT Consulting | Financial Services | Banking | Hospital and Health Care |
  Pharmaceutical Manufacturing | Retail | Higher Education | Marketing Services | Staffing and Recruiting |
  Management Consulting | Real Estate | Telecommunications | Renewable Energy | Logistics and Supply Chain |
  Automotive | Aviation and Aerospace | Media Production | Insurance | Legal Services | Construction |
  Food and Beverage | Hospitality | Biotechnology Research | Venture Capital and Private Equity
`);

/** city, region, country; skewed toward the US, UK, DE, FR and IN by repetition (network-api.md §4). */
export const locations = items(`
  San Francisco, California, United States | New York, New York, United States | Austin, Texas, United States |
  Seattle, Washington, United States | Chicago, Illinois, United States | Boston, Massachusetts, United States |
  Denver, Colorado, United States | Atlanta, Georgia, United States | Los Angeles, California, United States |
  London, England, United Kingdom | Manchester, England, United Kingdom | Edinburgh, Scotland, United Kingdom |
  Bristol, England, United Kingdom | Berlin, Berlin, Germany | Munich, Bavaria, Germany | Hamburg, Hamburg, Germany |
  Frankfurt, Hesse, Germany | Paris, Ile-de-France, France | Lyon, Auvergne-Rhone-Alpes, France |
  Toulouse, Occitanie, France | Bengaluru, Karnataka, India | Mumbai, Maharashtra, India | Pune, Maharashtra, India |
  Hyderabad, Telangana, India | Toronto, Ontario, Canada | Vancouver, British Columbia, Canada |
  Amsterdam, North Holland, Netherlands | Stockholm, Stockholm County, Sweden | Madrid, Community of Madrid, Spain |
  Barcelona, Catalonia, Spain | Milan, Lombardy, Italy | Warsaw, Masovia, Poland | Dublin, Leinster, Ireland |
  Sao Paulo, Sao Paulo, Brazil | Mexico City, CDMX, Mexico | Singapore, Singapore, Singapore |
  Tokyo, Tokyo, Japan | Seoul, Seoul, South Korea | Sydney, New South Wales, Australia |
  Lagos, Lagos, Nigeria | Cape Town, Western Cape, South Africa | Dubai, Dubai, United Arab Emirates
`);

export const schools = items(`
  Stanford University | Massachusetts Institute of Technology | University of Oxford | University of Cambridge |
  ETH Zurich | Technical University of Munich | Sorbonne University | HEC Paris | Indian Institute of Technology Bombay |
  University of Toronto | University of California, Berkeley | Harvard University | Imperial College London |
  National University of Singapore | University of Tokyo | Tsinghua University | University of Sao Paulo |
  University of Cape Town | University of Michigan | Georgia Institute of Technology | Delft University of Technology |
  KTH Royal Institute of Technology | Bocconi University | University of Warsaw | Trinity College Dublin |
  University of Texas at Austin | New York University | London School of Economics | Seoul National University
`);

export const skills = items(`
  JavaScript | TypeScript | Python | Java | Go | SQL | PostgreSQL | Kubernetes | AWS | Machine Learning |
  Data Analysis | Product Management | Agile Methodologies | Scrum | Leadership | Team Management |
  Public Speaking | Negotiation | B2B Sales | SaaS | Lead Generation | Salesforce | HubSpot | Content Marketing |
  SEO | Copywriting | Brand Strategy | UX Design | Figma | User Research | Financial Modeling | Accounting |
  Budgeting | Recruiting | Talent Management | Project Management | Stakeholder Management | Strategy |
  Business Development | Customer Success | Operations | Supply Chain Management | Healthcare | Research |
  Teaching | Excel | Communication | Problem Solving
`);
